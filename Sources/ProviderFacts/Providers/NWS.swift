extension ProviderDescriptor {
    public static let nws = ProviderDescriptor(
        name: "nws", displayName: "US National Weather Service", defaultBaseURL: "https://api.weather.gov",
        attribution: "Data from the US National Weather Service", minimumInterval: 600,
        dailyBudget: 10_000,  // no published quota
        needsContact: true,
        noNowcastReason: "the US National Weather Service gives no minute-by-minute precipitation")
}
