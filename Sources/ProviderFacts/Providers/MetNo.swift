extension ProviderDescriptor {
    public static let metNo = ProviderDescriptor(
        name: "met-no", displayName: "MET Norway", defaultBaseURL: "https://api.met.no",
        attribution: "Data from MET Norway (CC BY 4.0)", minimumInterval: 600,
        dailyBudget: 10_000,  // no fixed quota; 20 requests/s per application is the hard limit
        needsContact: true, needsTimezone: true, noNowcastReason: "MET Norway's Nowcast covers only the Nordic area")
}
