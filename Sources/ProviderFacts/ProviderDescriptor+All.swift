/// Every provider the bridge knows, in the order docs/SPEC.md §5 lists them: the one list a new
/// provider joins. Its facts are declared in `Providers/<Name>.swift`; how to build and decode it
/// is its folder in `Sources/Providers/`, which the compiler asks for (`ProviderCatalog`'s switch
/// over these cases) once the case is here.
public enum ProviderID: Sendable, CaseIterable {
    case openMeteo, openWeatherMap, pirateWeather, metNo, nws

    /// The provider's facts.
    public var descriptor: ProviderDescriptor {
        switch self {
        case .openMeteo: .openMeteo
        case .openWeatherMap: .openWeatherMap
        case .pirateWeather: .pirateWeather
        case .metNo: .metNo
        case .nws: .nws
        }
    }
}

extension ProviderDescriptor {
    /// Every provider's facts, in the order of `ProviderID`: what configuration, `check`, the
    /// feeds and discovery read.
    public static let all: [ProviderDescriptor] = ProviderID.allCases.map(\.descriptor)

    /// The descriptor called `name`, `nil` for a name no provider has.
    public static func named(_ name: String) -> ProviderDescriptor? { all.first { $0.name == name } }

    /// Every provider's name, in the order of `all`.
    public static var names: [String] { all.map(\.name) }
}
