public import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of each test that drives programs, a bus or the sandbox (the suites of
    /// `WeiboNotifierCLITests` and `WeiboDesktopTests`; the soak runs as long as it is asked):
    /// about five times the longest such test here (103 s, beside the rest of `make test`). A
    /// test that hangs (a child that never ends) is named as having run out of time.
    public static var endToEnd: Self { .timeLimit(.minutes(10)) }
}
