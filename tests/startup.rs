//! The binary's start and stop, as an operator meets them: bad arguments and files stop it at
//! once with one line that says what to fix.

use std::process::{Command, Stdio};

/// Runs the bot binary with `args` and `env` (nothing else of the environment); returns its
/// exit code and what it wrote to stderr.
fn run(args: &[&str], env: &[(&str, &str)], dir: &std::path::Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gin"))
        .args(args)
        .env_clear()
        .envs(env.iter().copied())
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("run the bot binary");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_config_file_named_on_the_command_line_must_exist() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = run(
        &["--config", "missing.toml"],
        &[
            ("DISCORD_TOKEN", "t"),
            ("DATABASE_URL", "sqlite://never.db"),
        ],
        dir.path(),
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("missing.toml") && err.contains("does not exist"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(
        !dir.path().join("never.db").exists(),
        "nothing was opened: no database file"
    );
}

#[test]
fn the_default_config_file_may_be_missing_but_the_token_may_not() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = run(&[], &[], dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
}

#[test]
fn a_broken_config_file_names_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("gin.toml"), "token = [").unwrap();
    let (code, err) = run(&["--config", "gin.toml"], &[], dir.path());
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("gin.toml") && err.contains("not valid"),
        "{err}"
    );
}
