import ProviderFacts
import Providers
import Testing

@Suite("ProviderFacts: one descriptor per provider")
struct ProviderFactsTests {
    @Test("names are unique and every lookup finds its own descriptor")
    func uniqueNames() {
        #expect(Set(ProviderDescriptor.names).count == ProviderDescriptor.all.count)
        for descriptor in ProviderDescriptor.all {
            #expect(ProviderDescriptor.named(descriptor.name) == descriptor)
            #expect(descriptor.defaultBaseURL.hasPrefix("https://"))
            #expect(!descriptor.attribution.isEmpty)
        }
        #expect(ProviderDescriptor.named("brightsky") == nil)
    }

    @Test("the catalog builds each ProviderID with that provider's own facts, in the same order")
    func catalogFollowsTheFacts() {
        #expect(ProviderCatalog.kinds.map(\.descriptor) == ProviderID.allCases.map(\.descriptor))
        #expect(ProviderDescriptor.all == ProviderID.allCases.map(\.descriptor))
        #expect(ProviderDescriptor.names == ["open-meteo", "openweathermap", "pirate-weather", "met-no", "nws"])
    }

    @Test("budgets per api mode fall back to the provider's default")
    func budgets() {
        #expect(ProviderDescriptor.openWeatherMap.dailyBudget(api: "free") == 50_000)
        #expect(ProviderDescriptor.openWeatherMap.dailyBudget(api: "onecall4") == 900)
        #expect(ProviderDescriptor.openWeatherMap.dailyBudget(api: nil) == 900)
        #expect(ProviderDescriptor.pirateWeather.dailyBudget(api: "free") == 300)
    }

    @Test("configuration keys follow the descriptor's optional services")
    func keys() {
        #expect(ProviderDescriptor.openMeteo.configurationKeys.contains("geocoding_url"))
        #expect(ProviderDescriptor.openMeteo.configurationKeys.contains("air_quality_url"))
        #expect(!ProviderDescriptor.openMeteo.configurationKeys.contains("api"))
        #expect(ProviderDescriptor.openWeatherMap.configurationKeys.contains("api"))
        #expect(!ProviderDescriptor.nws.configurationKeys.contains("geocoding_url"))
    }
}

#if canImport(Glibc)
    import Glibc
#endif

@Suite("ProviderFacts and the contract's provider names")
struct ProviderFactsSchemaTests {
    @Test("docs/schema/common.json names exactly the providers of ProviderDescriptor.all, in order")
    func schemaEnum() throws {
        let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
            .joined(separator: "/")
        let file = try #require(fopen(root + "/docs/schema/common.json", "rb"))
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while case let next = fgetc(file), next != EOF { bytes.append(UInt8(truncatingIfNeeded: next)) }
        let text = String(decoding: bytes, as: UTF8.self)
        let expected = "\"enum\": [" + ProviderDescriptor.names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let block = try #require(text.split(separator: "\"providerName\"").dropFirst().first)
        #expect(block.prefix(400).contains(expected))
    }
}
