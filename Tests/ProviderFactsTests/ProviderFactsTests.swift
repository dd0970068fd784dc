import ProviderFacts
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
