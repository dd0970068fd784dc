extension ProviderDescriptor {
    public static let pirateWeather = ProviderDescriptor(
        name: "pirate-weather", displayName: "Pirate Weather", defaultBaseURL: "https://api.pirateweather.net",
        attribution: "Powered by Pirate Weather",
        dailyBudget: 300,  // 10,000 a month
        needsKey: true, answersInLanguage: true)
}
