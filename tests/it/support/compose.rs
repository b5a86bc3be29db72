//! Just enough YAML to read `compose.yaml` in a test (no YAML crate is a dependency): block
//! mappings by indentation, lists of plain items, anchors on mappings (`key: &name`), aliases
//! and merge keys (`<<: *name`, the mapping's own keys winning), quoted scalars, comments.
//! Flow collections (`["CMD", "x"]`) are kept as their text.

use std::collections::HashMap;

/// A node of the document.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Scalar(String),
    List(Vec<Node>),
    Map(Vec<(String, Node)>),
}

impl Node {
    /// The value at `key` of a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value at a path of keys.
    pub fn at(&self, path: &[&str]) -> Option<&Node> {
        path.iter().try_fold(self, |node, key| node.get(key))
    }

    pub fn text(&self) -> Option<&str> {
        match self {
            Node::Scalar(s) => Some(s),
            _ => None,
        }
    }

    /// A list's plain items.
    pub fn items(&self) -> Vec<&str> {
        match self {
            Node::List(items) => items.iter().filter_map(Node::text).collect(),
            _ => Vec::new(),
        }
    }

    pub fn keys(&self) -> Vec<&str> {
        match self {
            Node::Map(entries) => entries.iter().map(|(k, _)| k.as_str()).collect(),
            _ => Vec::new(),
        }
    }
}

/// The document `text`; panics on what this reader does not take.
pub fn parse(text: &str) -> Node {
    let lines: Vec<(usize, String)> = text
        .lines()
        .map(uncommented)
        .filter(|l| !l.trim().is_empty())
        .map(|l| (l.len() - l.trim_start().len(), l.trim().to_string()))
        .collect();
    let mut reader = Reader {
        lines,
        at: 0,
        anchors: HashMap::new(),
    };
    reader.block(0)
}

/// A line without its comment (a `#` outside quotes, at its start or after a space).
fn uncommented(line: &str) -> &str {
    let mut quote = None;
    let mut before = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '#') if before == ' ' => return &line[..i],
            _ => {}
        }
        before = c;
    }
    line
}

fn scalar(text: &str) -> String {
    let t = text.trim();
    let quoted = t.len() >= 2
        && ((t.starts_with('"') && t.ends_with('"')) || (t.starts_with('\'') && t.ends_with('\'')));
    if quoted {
        t[1..t.len() - 1].to_string()
    } else {
        t.to_string()
    }
}

struct Reader {
    lines: Vec<(usize, String)>,
    at: usize,
    anchors: HashMap<String, Node>,
}

impl Reader {
    /// The block whose lines are indented `indent`.
    fn block(&mut self, indent: usize) -> Node {
        if self
            .lines
            .get(self.at)
            .is_some_and(|(_, l)| l.starts_with("- "))
        {
            return self.list(indent);
        }
        let mut own: Vec<(String, Node)> = Vec::new();
        let mut merged: Vec<(String, Node)> = Vec::new();
        while let Some((i, line)) = self.lines.get(self.at).cloned() {
            if i < indent {
                break;
            }
            assert_eq!(i, indent, "unexpected indentation: {line}");
            let (key, value) = match line.split_once(": ") {
                Some((k, v)) => (k.to_string(), v.trim().to_string()),
                None => (
                    line.strip_suffix(':')
                        .unwrap_or_else(|| panic!("not a key: {line}"))
                        .to_string(),
                    String::new(),
                ),
            };
            self.at += 1;
            if key == "<<" {
                let name = value.strip_prefix('*').expect("a merge of an alias");
                match self.anchors.get(name) {
                    Some(Node::Map(entries)) => merged.extend(entries.iter().cloned()),
                    _ => panic!("no mapping anchored {name}"),
                }
                continue;
            }
            let node = if let Some(name) = value.strip_prefix('*') {
                self.anchors.get(name).cloned().expect("a known anchor")
            } else if value.is_empty() || value.starts_with('&') {
                let node = match self.lines.get(self.at) {
                    Some(&(deeper, _)) if deeper > indent => self.block(deeper),
                    _ => Node::Scalar(String::new()),
                };
                if let Some(name) = value.strip_prefix('&') {
                    self.anchors.insert(name.to_string(), node.clone());
                }
                node
            } else {
                Node::Scalar(scalar(&value))
            };
            own.push((key, node));
        }
        for (k, v) in merged {
            if !own.iter().any(|(o, _)| *o == k) {
                own.push((k, v));
            }
        }
        Node::Map(own)
    }

    fn list(&mut self, indent: usize) -> Node {
        let mut items = Vec::new();
        while let Some((i, line)) = self.lines.get(self.at) {
            if *i != indent || !line.starts_with("- ") {
                break;
            }
            items.push(Node::Scalar(scalar(&line[2..])));
            self.at += 1;
        }
        Node::List(items)
    }
}

#[test]
fn anchors_merges_and_lists_are_read() {
    let doc = parse(
        "x: &base\n  a: 1 # one\n  env: &env\n    K: \"v\"\n\
         s:\n  b:\n    <<: *base\n    a: 2\n    env:\n      <<: *env\n      L: 'w#x'\n    p:\n      - \"8080:8080\"\n",
    );
    let b = doc.at(&["s", "b"]).unwrap();
    assert_eq!(b.get("a").unwrap().text(), Some("2"));
    assert_eq!(b.at(&["env", "K"]).unwrap().text(), Some("v"));
    assert_eq!(b.at(&["env", "L"]).unwrap().text(), Some("w#x"));
    assert_eq!(b.get("p").unwrap().items(), ["8080:8080"]);
}
