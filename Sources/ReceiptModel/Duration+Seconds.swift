extension Duration {
    /// The duration in seconds, for settings and figures written as plain numbers.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
