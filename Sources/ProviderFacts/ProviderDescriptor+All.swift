extension ProviderDescriptor {
    /// Every provider the bridge knows, in the order docs/SPEC.md §5 lists them: the one list.
    public static let all: [ProviderDescriptor] = [openMeteo, openWeatherMap, pirateWeather, metNo, nws]

    public static let openMeteo = ProviderDescriptor(
        name: "open-meteo", displayName: "Open-Meteo", defaultBaseURL: "https://api.open-meteo.com",
        geocodingURL: "https://geocoding-api.open-meteo.com",
        airQualityURL: "https://air-quality-api.open-meteo.com",
        attribution: "Weather data by Open-Meteo.com (CC BY 4.0)",
        dailyBudget: 8000)  // 10,000 calls a day for non-commercial use

    public static let openWeatherMap = ProviderDescriptor(
        name: "openweathermap", displayName: "OpenWeatherMap", defaultBaseURL: "https://api.openweathermap.org",
        attribution: "Weather data by OpenWeather",
        dailyBudget: 900,  // One Call 3.0 and 4.0: 1,000 free calls a day
        dailyBudgetByAPI: ["free": 50_000], apiModes: ["onecall", "onecall4", "free"], needsKey: true,
        answersInLanguage: true, noNowcastReason: "this OpenWeatherMap plan (2.5 forecast) has no minutely block")

    public static let pirateWeather = ProviderDescriptor(
        name: "pirate-weather", displayName: "Pirate Weather", defaultBaseURL: "https://api.pirateweather.net",
        attribution: "Powered by Pirate Weather",
        dailyBudget: 300,  // 10,000 a month
        needsKey: true, answersInLanguage: true)

    public static let metNo = ProviderDescriptor(
        name: "met-no", displayName: "MET Norway", defaultBaseURL: "https://api.met.no",
        attribution: "Data from MET Norway (CC BY 4.0)", minimumInterval: 600,
        dailyBudget: 10_000,  // no fixed quota; 20 requests/s per application is the hard limit
        needsContact: true, needsTimezone: true, noNowcastReason: "MET Norway's Nowcast covers only the Nordic area")

    public static let nws = ProviderDescriptor(
        name: "nws", displayName: "US National Weather Service", defaultBaseURL: "https://api.weather.gov",
        attribution: "Data from the US National Weather Service", minimumInterval: 600,
        dailyBudget: 10_000,  // no published quota
        needsContact: true,
        noNowcastReason: "the US National Weather Service gives no minute-by-minute precipitation")
}
