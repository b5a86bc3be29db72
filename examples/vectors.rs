//! `cargo run --release --example vectors -- FILE...`: one JSON line per record with the
//! engine's answer, then `N agree, M disagree`; exit status 1 if any disagree.

use std::process::ExitCode;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: vectors FILE... (JSON vector files, see tests/vectors/README.md)");
        return ExitCode::from(2);
    }
    let (mut agree, mut disagree) = (0usize, 0usize);
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        };
        match gin::vectors::check_file(&text) {
            Ok(verdicts) => {
                for (index, v) in verdicts.into_iter().enumerate() {
                    let mut line = v.line;
                    line["file"] = file.as_str().into();
                    line["index"] = index.into();
                    println!("{line}");
                    if v.agree {
                        agree += 1;
                    } else {
                        disagree += 1;
                    }
                }
            }
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    println!("{agree} agree, {disagree} disagree");
    if disagree == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
