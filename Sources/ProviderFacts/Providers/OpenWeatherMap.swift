extension ProviderDescriptor {
    public static let openWeatherMap = ProviderDescriptor(
        name: "openweathermap", displayName: "OpenWeatherMap", defaultBaseURL: "https://api.openweathermap.org",
        attribution: "Weather data by OpenWeather",
        dailyBudget: 900,  // One Call 3.0 and 4.0: 1,000 free calls a day
        dailyBudgetByAPI: ["free": 50_000], apiModes: ["onecall", "onecall4", "free"], needsKey: true,
        answersInLanguage: true, noNowcastReason: "this OpenWeatherMap plan (2.5 forecast) has no minutely block")
}
