//! The site's badges: what they say of real runs (the reference and a mutant), read back as
//! XML and as shields.io's endpoint JSON; a hostile engine and area name; the engine page's
//! snippets; and, in headless chromium, the page and the text widths the badges were drawn
//! with.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use super::{browse, chromium, cli, escaped, scratch, site, text};

/// The colours of shields.io's named colours (badges/shields, `badge-maker`'s palette), by name.
const PALETTE: [(&str, &str); 7] = [
    ("brightgreen", "#44cc11"),
    ("green", "#97ca00"),
    ("yellowgreen", "#a4a61d"),
    ("yellow", "#dfb317"),
    ("orange", "#fe7d37"),
    ("red", "#e05d44"),
    ("lightgrey", "#9f9f9f"),
];

/// The colour a share of cases passed earns, as the README says it: every case answered
/// passed, brightgreen; 99 % or more green; 95 % yellowgreen; 90 % yellow; 75 % orange; less,
/// red; nothing answered, lightgrey.
fn colour(passed: u64, answered: u64) -> &'static str {
    let share = passed as f64 / answered as f64;
    if answered == 0 {
        "lightgrey"
    } else if passed == answered {
        "brightgreen"
    } else if share >= 0.99 {
        "green"
    } else if share >= 0.95 {
        "yellowgreen"
    } else if share >= 0.90 {
        "yellow"
    } else if share >= 0.75 {
        "orange"
    } else {
        "red"
    }
}

/// `79.7%`: a share cut, not rounded, to a tenth; `100%` only when all passed.
fn share(passed: u64, answered: u64) -> String {
    if passed == answered {
        return "100%".to_owned();
    }
    let tenths = (passed as f64 * 1000.0 / answered as f64).floor() as u64;
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// `311 failed`, `3 failed, 1 error`.
fn failures(tally: &Value) -> String {
    let (failed, errors) = (
        tally["failed"].as_u64().unwrap(),
        tally["errors"].as_u64().unwrap(),
    );
    match errors {
        0 => format!("{failed} failed"),
        1 => format!("{failed} failed, 1 error"),
        n => format!("{failed} failed, {n} errors"),
    }
}

/// A tally's (passed, answered): a skip answers nothing.
fn answered(tally: &Value) -> (u64, u64) {
    let n = |k: &str| tally[k].as_u64().unwrap();
    (n("passed"), n("passed") + n("failed") + n("errors"))
}

/// An element of an SVG as read by an XML parser: its name, attributes, text (entities
/// resolved) and children.
#[derive(Debug, Default)]
struct Element {
    name: String,
    attributes: BTreeMap<String, String>,
    text: String,
    children: Vec<Element>,
}

impl Element {
    /// The first descendant named `name`, depth first.
    fn find(&self, name: &str) -> Option<&Element> {
        self.children.iter().find_map(|c| {
            if c.name == name {
                Some(c)
            } else {
                c.find(name)
            }
        })
    }

    /// Every descendant named `name`, in document order.
    fn all<'a>(&'a self, name: &str, found: &mut Vec<&'a Element>) {
        for c in &self.children {
            if c.name == name {
                found.push(c);
            }
            c.all(name, found);
        }
    }
}

/// Parses `xml` strictly (quick-xml: well-formed, end tags matching, one root element, every
/// entity one XML knows, every character one XML allows), or panics saying where it is not well formed.
fn parse(xml: &str, file: &Path) -> Element {
    use quick_xml::events::Event;
    // XML 1.0's `Char`: no control character but tab and the line ends, no U+FFFE or U+FFFF.
    if let Some(c) = xml.chars().find(|&c| {
        !matches!(c, '\t' | '\n' | '\r' | ' '..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
            && c < '\u{10000}'
    }) {
        panic!("{}: {c:?} is no XML character\n{xml}", file.display());
    }
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut stack: Vec<Element> = vec![Element::default()];
    let fail = |at: u64, e: &dyn std::fmt::Display| -> ! {
        panic!(
            "{}: not well-formed XML at {at}: {e}\n{xml}",
            file.display()
        )
    };
    let open = |e: &quick_xml::events::BytesStart| {
        let mut element = Element {
            name: String::from_utf8(e.name().as_ref().to_vec()).unwrap(),
            ..Element::default()
        };
        for a in e.attributes() {
            let a = a.unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let value = a
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let key = String::from_utf8(a.key.as_ref().to_vec()).unwrap();
            assert!(
                element.attributes.insert(key, value.into_owned()).is_none(),
                "{}: an attribute twice",
                file.display()
            );
        }
        element
    };
    loop {
        let at = reader.buffer_position();
        match reader.read_event() {
            Ok(Event::Start(e)) => stack.push(open(&e)),
            Ok(Event::Empty(e)) => {
                let element = open(&e);
                stack.last_mut().unwrap().children.push(element);
            }
            Ok(Event::End(_)) => {
                let done = stack.pop().unwrap();
                stack.last_mut().unwrap().children.push(done);
            }
            Ok(Event::Text(t)) => stack
                .last_mut()
                .unwrap()
                .text
                .push_str(&t.decode().unwrap()),
            Ok(Event::GeneralRef(r)) => {
                let c = match r.resolve_char_ref() {
                    Ok(Some(c)) => c,
                    Ok(None) => match r.decode().unwrap().as_ref() {
                        "amp" => '&',
                        "lt" => '<',
                        "gt" => '>',
                        "quot" => '"',
                        "apos" => '\'',
                        other => fail(at, &format!("an unknown entity &{other};")),
                    },
                    Err(e) => fail(at, &e),
                };
                stack.last_mut().unwrap().text.push(c);
            }
            Ok(Event::Eof) => break,
            Ok(Event::Decl(_) | Event::Comment(_)) => {}
            Ok(other) => fail(at, &format!("unexpected {other:?}")),
            Err(e) => fail(at, &e),
        }
    }
    assert_eq!(stack.len(), 1, "{}: an element left open", file.display());
    let mut document = stack.pop().unwrap();
    assert!(
        document.text.trim().is_empty(),
        "{}: text outside the root",
        file.display()
    );
    assert_eq!(
        document.children.len(),
        1,
        "{}: one root element",
        file.display()
    );
    document.children.pop().unwrap()
}

/// What a badge holds, read back from its two files.
struct Read {
    svg: Element,
    json: Value,
}

impl Read {
    fn of(dir: &Path, file: &str) -> Read {
        let svg_path = dir.join(format!("{file}.svg"));
        let svg = std::fs::read_to_string(&svg_path)
            .unwrap_or_else(|e| panic!("{}: {e}", svg_path.display()));
        let json_path = dir.join(format!("{file}.json"));
        let json =
            std::fs::read(&json_path).unwrap_or_else(|e| panic!("{}: {e}", json_path.display()));
        Read {
            svg: parse(&svg, &svg_path),
            json: serde_json::from_slice(&json).expect("the endpoint JSON is JSON"),
        }
    }

    /// The two texts drawn: the label's and the message's.
    fn texts(&self) -> Vec<&Element> {
        let mut found = Vec::new();
        self.svg.all("text", &mut found);
        found
    }

    /// Checks the badge says `label` and `message` in `colour` (a name of shields.io's) and its
    /// title says `said`, in the SVG and in the endpoint JSON alike.
    fn says(&self, label: &str, message: &str, colour: &str, said: &[&str]) {
        let svg = &self.svg;
        assert_eq!(svg.name, "svg");
        // Nothing to fetch: no link, no image, no font, no style sheet.
        let mut outside = Vec::new();
        for name in ["a", "image", "use", "style", "font-face", "foreignObject"] {
            svg.all(name, &mut outside);
        }
        assert!(outside.is_empty(), "{outside:?}");
        assert_eq!(svg.attributes["xmlns"], "http://www.w3.org/2000/svg");
        assert_eq!(svg.attributes["role"], "img");
        assert_eq!(svg.attributes["aria-label"], format!("{label}: {message}"));
        let title = &svg.children[0];
        assert_eq!(title.name, "title", "the title first, for screen readers");
        for part in said {
            assert!(title.text.contains(part), "{part} in {}", title.text);
        }
        let texts = self.texts();
        assert_eq!(texts.len(), 2);
        assert_eq!(texts[0].text, label);
        assert_eq!(texts[1].text, message);
        let hex = PALETTE.iter().find(|(n, _)| *n == colour).unwrap().1;
        let path = svg.find("path").expect("the message's side");
        assert_eq!(path.attributes["fill"], hex, "{message}");
        // Each text inside its side, the badge as wide as its two sides.
        let width: f64 = svg.attributes["width"].parse().unwrap();
        let num = |e: &Element, k: &str| e.attributes[k].parse::<f64>().unwrap();
        let split = path.attributes["d"][1..]
            .split(' ')
            .next()
            .unwrap()
            .parse::<f64>()
            .unwrap();
        let (l, m) = (texts[0], texts[1]);
        assert!(num(l, "x") - num(l, "textLength") / 2.0 >= 0.0);
        assert!(num(l, "x") + num(l, "textLength") / 2.0 <= split);
        assert!(num(m, "x") - num(m, "textLength") / 2.0 >= split);
        assert!(num(m, "x") + num(m, "textLength") / 2.0 <= width);
        // shields.io's endpoint schema, version 1.
        let json = &self.json;
        assert_eq!(json["schemaVersion"], 1, "{json}");
        assert_eq!(json["label"], label, "{json}");
        assert_eq!(json["message"], message, "{json}");
        assert_eq!(json["color"], colour, "{json}");
        assert_eq!(json.as_object().unwrap().len(), 4, "{json}");
    }
}

/// `text` as the site names its files: lower-case letters and digits, the rest one `-`.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_owned()
}

/// An engine's `name version`, from its report.
fn identity(report: &Value) -> String {
    format!(
        "{} {}",
        report["engine"]["name"].as_str().unwrap(),
        report["engine"]["version"].as_str().unwrap()
    )
}

/// The reference (every castling case passes) and a mutant that castles through attacked
/// squares (some fail), each run over the castling cases; the reference's report says it ran
/// catalogue `9.8.7`, the mutant's says none.
fn runs() -> &'static [(PathBuf, Value); 2] {
    static RUNS: OnceLock<[(PathBuf, Value); 2]> = OnceLock::new();
    RUNS.get_or_init(|| {
        let dir = scratch("badge-reports");
        let run = |engine: &str, version: Option<&str>| {
            let out = cli(&[
                "run",
                "--engine",
                engine,
                "--filter",
                "castling/",
                "--format",
                "json",
            ]);
            assert!(
                out.status.code().is_some_and(|c| c <= 1),
                "{}",
                text(&out.stderr)
            );
            let mut report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
            let fields = report.as_object_mut().unwrap();
            match version {
                Some(v) => fields.insert("catalogue_version".into(), Value::from(v)),
                None => fields.remove("catalogue_version"),
            };
            let path = dir.join(format!("{}.json", slug(engine)));
            std::fs::write(&path, report.to_string()).unwrap();
            (path, report)
        };
        [
            run("reference", Some("9.8.7")),
            run("mutant:castle-through-attack", None),
        ]
    })
}

#[test]
fn a_badge_says_a_real_run_s_share_failures_and_catalogue() {
    let [reference, mutant] = runs();
    let dir = site("badges", &[&reference.0, &mutant.0]);
    let (_, report) = mutant;
    let (passed, all) = answered(&report["summary"]);
    assert!(passed < all && passed > 0, "the mutant fails some, not all");
    for ((_, report), version) in [(reference, "v9.8.7"), (mutant, "unversioned")] {
        let identity = identity(report);
        let name = slug(&identity);
        let summary = &report["summary"];
        let (passed, all) = answered(summary);
        let message = format!(
            "{} · {} · cases {version}",
            share(passed, all),
            failures(summary)
        );
        Read::of(&dir, &format!("badges/{name}")).says(
            "chess conformance",
            &message,
            colour(passed, all),
            &[
                &identity,
                &format!("{passed} of the {all} cases answered passed"),
            ],
        );
        // One badge per rule area the report has, and nothing else in the engine's folder.
        let areas = report["areas"].as_object().unwrap();
        assert!(!areas.is_empty());
        for (area, tally) in areas {
            let (passed, all) = answered(tally);
            Read::of(&dir, &format!("badges/{name}/{area}")).says(
                area,
                &format!("{} · {}", share(passed, all), failures(tally)),
                colour(passed, all),
                &[&identity, &format!("rule area {area}")],
            );
        }
        let files = std::fs::read_dir(dir.join("badges").join(&name))
            .unwrap()
            .count();
        assert_eq!(files, 2 * areas.len());
    }
    // The two runs' colours are the two ends of the scale this test expects of them.
    let colours: Vec<String> = [reference, mutant]
        .iter()
        .map(|(_, r)| {
            let (p, a) = answered(&r["summary"]);
            colour(p, a).to_owned()
        })
        .collect();
    assert_eq!(colours[0], "brightgreen");
    assert_ne!(colours[1], "brightgreen");
    // The catalogue's version in the title, or that it is not known.
    let title = |r: &Value| {
        Read::of(&dir, &format!("badges/{}", slug(&identity(r))))
            .svg
            .children[0]
            .text
            .clone()
    };
    assert!(title(&reference.1).contains("catalogue 9.8.7"));
    assert!(title(&mutant.1).contains("catalogue version unknown"));
}

#[test]
fn hostile_engine_and_area_names_are_escaped_in_every_badge() {
    let [_, (_, mutant)] = runs();
    let mut hostile = mutant.clone();
    let engine = "<script>alert(1)</script> & \"q\" 'a'\u{1b}[2J\u{fffe}";
    let area = "<b>x</b>&'\"";
    hostile["engine"]["name"] = Value::from(engine);
    // The castling area renamed, in the totals and in every verdict.
    let tally = hostile["areas"]["castling"].clone();
    hostile["areas"] = serde_json::json!({ area: tally });
    for v in hostile["verdicts"].as_array_mut().unwrap() {
        v["area"] = Value::from(area);
    }
    hostile.as_object_mut().unwrap().remove("groups");
    let reports = scratch("badge-hostile");
    let path = reports.join("hostile.json");
    std::fs::write(&path, hostile.to_string()).unwrap();
    let dir = site("badges-hostile", &[&path]);
    let engines: Vec<_> = std::fs::read_dir(dir.join("engines"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(engines.len(), 1);
    let slug = engines[0].file_stem().unwrap().to_str().unwrap().to_owned();
    let areas: Vec<_> = std::fs::read_dir(dir.join("areas"))
        .unwrap()
        .flatten()
        .collect();
    let area_name = areas[0]
        .path()
        .file_stem()
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    // Read back by an XML parser, the texts are the names as the reports show them (control
    // characters escaped), whole.
    let shown_engine = "<script>alert(1)</script> & \"q\" 'a'\\u{1b}[2J\\u{fffe} 0.30.1";
    let badge = Read::of(&dir, &format!("badges/{slug}"));
    assert!(
        badge.svg.children[0].text.starts_with(shown_engine),
        "{}",
        badge.svg.children[0].text
    );
    let badge = Read::of(&dir, &format!("badges/{slug}/{area_name}"));
    assert_eq!(badge.texts()[0].text, area);
    assert_eq!(badge.json["label"], area);
    assert!(badge.svg.attributes["aria-label"].starts_with(&format!("{area}: ")));
    assert!(badge.svg.children[0].text.starts_with(shown_engine));
    // No markup of theirs in a file.
    for file in [
        format!("badges/{slug}.svg"),
        format!("badges/{slug}/{area_name}.svg"),
        format!("engines/{slug}.html"),
    ] {
        let body = std::fs::read_to_string(dir.join(&file)).unwrap();
        assert!(
            !body.contains("<script>") && !body.contains("<b>"),
            "{file}"
        );
        assert!(!body.contains('\u{1b}'), "{file}");
        if file.ends_with(".svg") {
            assert!(
                !body.contains('\u{fffe}'),
                "{file}: no character XML forbids"
            );
        }
    }
    // The Markdown snippet escapes the area's markup and the HTML snippet its quotes; both are
    // then shown escaped on the page.
    let page = std::fs::read_to_string(&engines[0]).unwrap();
    let markdown = format!(
        "[![&lt;b&gt;x&lt;/b&gt;&amp;'\": {}](badges/{slug}/{area_name}.svg)]",
        badge.json["message"].as_str().unwrap()
    );
    assert!(page.contains(&escaped(&markdown)), "{markdown}\n{page}");
    let html = format!(
        "<img src=\"badges/{slug}/{area_name}.svg\" alt=\"&lt;b&gt;x&lt;/b&gt;&amp;&#39;&quot;: "
    );
    assert!(page.contains(&escaped(&html)), "{html}\n{page}");
}

#[test]
fn an_interrupted_run_s_badge_says_so() {
    let [(_, reference), _] = runs();
    let mut stopped = reference.clone();
    let run = stopped["verdicts"].as_array().unwrap().len();
    stopped["interrupted"] = serde_json::json!({
        "signal": "SIGTERM",
        "cases_run": run,
        "not_run": ["castling/not-run-a", "castling/not-run-b"],
    });
    let path = scratch("badge-interrupted").join("stopped.json");
    std::fs::write(&path, stopped.to_string()).unwrap();
    let dir = site("badges-interrupted", &[&path]);
    let badge = Read::of(&dir, &format!("badges/{}", slug(&identity(&stopped))));
    let message = badge.json["message"].as_str().unwrap();
    assert!(
        message.ends_with(" · cases v9.8.7 · interrupted"),
        "{message}"
    );
    let title = &badge.svg.children[0].text;
    assert!(
        title.ends_with(&format!(
            "interrupted by SIGTERM after {run} of {} cases",
            run + 2
        )),
        "{title}"
    );
}

/// The snippets of the engine page (the `<pre class="snippet"><code>` blocks), as a reader
/// selects them (entities resolved).
fn snippets(page: &str) -> Vec<String> {
    page.split("<pre class=\"snippet\"><code>")
        .skip(1)
        .map(|s| {
            s[..s.find("</code>").unwrap()]
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&")
        })
        .collect()
}

#[test]
fn the_engine_page_shows_its_badges_and_the_snippets_that_embed_them() {
    let [reference, mutant] = runs();
    let dir = site("badges-page", &[&reference.0, &mutant.0]);
    let report = &mutant.1;
    let name = slug(&identity(report));
    let page = std::fs::read_to_string(dir.join(format!("engines/{name}.html"))).unwrap();
    let badge = Read::of(&dir, &format!("badges/{name}"));
    let alt = badge.svg.attributes["aria-label"].clone();
    // The badge under the title, and in its section.
    assert!(page.contains(&format!(
        "<img src=\"../badges/{name}.svg\" alt=\"{}\" height=\"20\">",
        escaped(&alt)
    )));
    assert!(page.contains("<section id=\"badges\"><h2>Badges</h2>"));
    // Each area's badge in the table of areas, linked to the section.
    for area in report["areas"].as_object().unwrap().keys() {
        let file = format!("badges/{name}/{area}");
        let alt = Read::of(&dir, &file).svg.attributes["aria-label"].clone();
        let cell = format!(
            "<td class=\"badge-cell\"><a href=\"#badges\" title=\"Embed this badge\"><img \
             src=\"../{file}.svg\" alt=\"{}\" height=\"20\"></a></td>",
            escaped(&alt)
        );
        assert!(page.contains(&cell), "{cell}");
    }
    assert!(
        page.contains("https://img.shields.io/endpoint?url="),
        "the note on shields"
    );
    assert!(
        !page.contains("src=\"http") && !page.contains("href=\"http"),
        "nothing fetched"
    );
    // A Markdown and an HTML snippet for the engine, then for each area, in the report's order.
    let areas: Vec<&String> = report["areas"].as_object().unwrap().keys().collect();
    let found = snippets(&page);
    assert_eq!(found.len(), 2 * (1 + areas.len()), "{found:?}");
    let expect = |file: &str, alt: &str, link: &str| {
        [
            format!("[![{alt}]({file}.svg)]({link})"),
            format!("<a href=\"{link}\"><img src=\"{file}.svg\" alt=\"{alt}\" height=\"20\"></a>"),
        ]
    };
    let mut wanted = expect(
        &format!("badges/{name}"),
        &alt,
        &format!("engines/{name}.html"),
    )
    .to_vec();
    for area in &areas {
        let file = format!("badges/{name}/{area}");
        let alt = Read::of(&dir, &file).svg.attributes["aria-label"].clone();
        wanted.extend(expect(&file, &alt, &format!("areas/{area}.html")));
    }
    assert_eq!(found, wanted);
    // Every path a snippet gives is a file of the site, from its folder.
    for snippet in &found {
        for part in snippet.split(['(', ')', '"']) {
            if part.ends_with(".svg") || part.ends_with(".html") {
                assert!(dir.join(part).is_file(), "{part} of {snippet}");
            }
        }
    }
}

#[test]
fn chromium_draws_the_badges_in_the_widths_they_were_measured() {
    let Some(chromium) = chromium() else { return };
    let [reference, mutant] = runs();
    let dir = site("badges-browser", &[&reference.0, &mutant.0]);
    let profile = scratch("chromium-profile-badges");
    let root = dir.canonicalize().unwrap();
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    let name = slug(&identity(&mutant.1));
    // The engine page whole (one area: it is short), its badges at the top and their section
    // at the bottom.
    browse(
        chromium,
        &profile,
        &[
            "--window-size=1280,1500",
            &format!("--screenshot={}", target.join("site-badges.png").display()),
        ],
        &format!("file://{}/engines/{name}.html", root.display()),
    );
    // Each badge's texts drawn in DejaVu Sans, unsqueezed, measured by the browser against the
    // width the badge gave it: the table of advances is that font's.
    if !Path::new("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists() {
        eprintln!("note: not measuring the badges' texts: DejaVu Sans is not installed");
        return;
    }
    let mut texts: Vec<(f64, String)> = Vec::new();
    for file in ["badges", &format!("badges/{name}")] {
        for entry in std::fs::read_dir(dir.join(file)).unwrap().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "svg") {
                let svg = parse(&std::fs::read_to_string(&path).unwrap(), &path);
                let mut found = Vec::new();
                svg.all("text", &mut found);
                for t in found {
                    texts.push((t.attributes["textLength"].parse().unwrap(), t.text.clone()));
                }
            }
        }
    }
    assert!(texts.len() >= 6, "{texts:?}");
    let mut page = String::from(
        "<!doctype html><meta charset=\"utf-8\"><svg xmlns=\"http://www.w3.org/2000/svg\" \
         width=\"900\" height=\"900\" font-family=\"DejaVu Sans\" font-size=\"11\">",
    );
    for (i, (_, t)) in texts.iter().enumerate() {
        page.push_str(&format!(
            "<text y=\"{}\">{}</text>",
            20 + 14 * i,
            escaped(t)
        ));
    }
    page.push_str(
        "</svg><pre id=\"out\"></pre><script>document.getElementById(\"out\").textContent = \
         Array.from(document.querySelectorAll(\"text\")).map(function (t) { return \
         t.getComputedTextLength(); }).join(\" \");</script>",
    );
    let measure = scratch("badges-measure").join("measure.html");
    std::fs::write(&measure, page).unwrap();
    let dom = text(
        &browse(
            chromium,
            &profile,
            &["--dump-dom"],
            &format!("file://{}", measure.display()),
        )
        .stdout,
    );
    let from = dom.find("<pre id=\"out\">").unwrap() + 14;
    let drawn: Vec<f64> = dom[from..from + dom[from..].find("</pre>").unwrap()]
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(drawn.len(), texts.len());
    for ((measured, t), drawn) in texts.iter().zip(drawn) {
        assert!(
            (measured - drawn).abs() <= 0.5 + drawn * 0.01,
            "{t:?}: measured {measured} px, drawn {drawn} px"
        );
    }
}
