extension ProviderDescriptor {
    /// Every provider the bridge knows, in the order docs/SPEC.md §5 lists them: the one list of
    /// providers' facts, which configuration, `check`, the feeds and discovery read. Each
    /// descriptor is declared in `Providers/<Name>.swift`; how to build and decode the provider
    /// is its folder in `Sources/Providers/` (`ProviderCatalog.kinds`, in the same order).
    public static let all: [ProviderDescriptor] = [.openMeteo, .openWeatherMap, .pirateWeather, .metNo, .nws]

    /// The descriptor called `name`, `nil` for a name no provider has.
    public static func named(_ name: String) -> ProviderDescriptor? { all.first { $0.name == name } }

    /// Every provider's name, in the order of `all`.
    public static var names: [String] { all.map(\.name) }
}
