extension Messages {
    /// Suomi (`fi`).
    public static let finnish = Messages(
        languageName: "Suomi",
        sunny: "Aurinkoista", clearNight: "Selkeää", partlyCloudy: "Puolipilvistä", cloudy: "Pilvistä",
        fog: "Sumua", rainy: "Sadetta", pouring: "Rankkasadetta", snowy: "Lumisadetta", snowyRainy: "Räntäsadetta",
        hail: "Raesadetta", lightning: "Ukkosta", lightningRainy: "Ukkosta ja sadetta", windy: "Tuulista",
        windyVariant: "Tuulista ja pilvistä", exceptional: "Poikkeuksellinen sää",
        weekdays: ["Sunnuntai", "Maanantai", "Tiistai", "Keskiviikko", "Torstai", "Perjantai", "Lauantai"],
        shortWeekdays: ["Su", "Ma", "Ti", "Ke", "To", "Pe", "La"],
        shortMonths: [
            "tammi", "helmi", "maalis", "huhti", "touko", "kesä", "heinä", "elo", "syys", "loka", "marras", "joulu",
        ],
        shortDate: "{weekday} {day}.{monthNumber}.", now: "Nyt", today: "Tänään", todayShort: "Tänään",
        tomorrow: "Huomenna", tomorrowShort: "Huom.", am: "AM", pm: "PM",
        asOf: "klo {time}", old: "{age} sitten", oldBadge: "vanha", stale: "vanhentunut", justNow: "juuri nyt",
        minutes: "{n} min", hours: "{n} h", days: "{n} pv", staleHeading: "Vanhentunut",
        reasonStale: "silta ilmoittaa tiedot vanhentuneiksi", reasonError: "silta ilmoittaa virheestä",
        expiredAt: "vanheni klo {time}", noCurrentReading: "Ei nykyistä havaintoa",
        waiting: "Silta odottaa ensimmäistä havaintoaan.",
        feelsLike: "Tuntuu kuin", humidity: "Kosteus", wind: "Tuuli", dewPoint: "Kastepiste", pressure: "Ilmanpaine",
        gusts: "Puuskat", precipitation: "Sade", uvIndex: "UV-indeksi", cloudCover: "Pilvisyys",
        sunrise: "Aurinko nousee", sunset: "Aurinko laskee", visibility: "Näkyvyys",
        chance: "{value} todennäköisyys", rain: "vettä", snow: "lunta", sleet: "räntää", hailFalling: "rakeita",
        hoursHeading: "Tunnit", temperatureRow: "Lämpö", daysHeading: "Päivät", high: "Ylin", low: "Alin",
        probability: "Tod.",
        extreme: "Äärimmäinen", severe: "Vakava", moderate: "Kohtalainen", minor: "Vähäinen",
        unknownSeverity: "Tuntematon", from: "alkaen {time}", until: "asti {time}", oneMoreAlert: "ja 1 muu varoitus",
        moreAlerts: "ja {n} muuta varoitusta", via: "lähde {provider}",
        none: "ei mitään", feels: "tuntuu kuin", humidityWord: "kosteus", windWord: "tuuli", hourCount: "{n} h",
        startingAt: "alkaen {time}", next24Hours: "seuraavat 24 h {low}…{high}",
        precipitationUpTo: "sateen todennäköisyys enintään {value}", noDaysAhead: "ei tulevia päiviä",
        humidityValue: "kosteus {value}", weather: "Sää", noLocations: "Ei vielä paikkoja", more: "+{n} muuta")
}
