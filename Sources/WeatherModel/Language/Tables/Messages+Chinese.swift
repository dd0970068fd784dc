extension Messages {
    /// 中文（简体）(`zh`).
    public static let chinese = Messages(
        languageName: "中文",
        sunny: "晴", clearNight: "晴朗", partlyCloudy: "多云", cloudy: "阴", fog: "雾", rainy: "雨", pouring: "大雨",
        snowy: "雪", snowyRainy: "雨夹雪", hail: "冰雹", lightning: "雷暴", lightningRainy: "雷阵雨", windy: "有风",
        windyVariant: "有风多云", exceptional: "异常天气",
        weekdays: ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"],
        shortWeekdays: ["周日", "周一", "周二", "周三", "周四", "周五", "周六"],
        shortMonths: ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"],
        shortDate: "{monthNumber}月{day}日 {weekday}", now: "现在", today: "今天", todayShort: "今天",
        tomorrow: "明天", tomorrowShort: "明天", am: "上午", pm: "下午",
        asOf: "{time}更新", old: "{age}前", oldBadge: "旧", stale: "已过期", justNow: "刚刚", minutes: "{n}分钟",
        hours: "{n}小时", days: "{n}天", staleHeading: "已过期", reasonStale: "桥接服务报告数据已过期",
        reasonError: "桥接服务报告错误", expiredAt: "已于{time}过期", noCurrentReading: "没有当前观测",
        waiting: "桥接服务正在等待第一次观测。",
        feelsLike: "体感", humidity: "湿度", wind: "风", dewPoint: "露点", pressure: "气压", gusts: "阵风",
        precipitation: "降水", uvIndex: "紫外线", cloudCover: "云量", sunrise: "日出", sunset: "日落",
        visibility: "能见度", chance: "概率{value}", rain: "雨", snow: "雪", sleet: "雨夹雪", hailFalling: "冰雹",
        hoursHeading: "逐时", temperatureRow: "温度", daysHeading: "逐日", high: "最高", low: "最低",
        probability: "概率",
        extreme: "极端", severe: "严重", moderate: "中等", minor: "轻微", unknownSeverity: "未知",
        from: "{time}起", until: "至{time}", oneMoreAlert: "另有1条预警", moreAlerts: "另有{n}条预警",
        via: "来自{provider}",
        none: "无", feels: "体感", humidityWord: "湿度", windWord: "风", hourCount: "{n}小时",
        startingAt: "{time}起", next24Hours: "未来24小时 {low}至{high}", precipitationUpTo: "降水概率最高{value}",
        noDaysAhead: "没有后续日期",
        humidityValue: "湿度 {value}", weather: "天气", noLocations: "尚无地点", more: "+{n}条")
}
