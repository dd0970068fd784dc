extension ProviderDescriptor {
    public static let openMeteo = ProviderDescriptor(
        name: "open-meteo", displayName: "Open-Meteo", defaultBaseURL: "https://api.open-meteo.com",
        geocodingURL: "https://geocoding-api.open-meteo.com",
        airQualityURL: "https://air-quality-api.open-meteo.com",
        attribution: "Weather data by Open-Meteo.com (CC BY 4.0)",
        dailyBudget: 8000)  // 10,000 calls a day for non-commercial use
}
