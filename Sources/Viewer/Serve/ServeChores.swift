import HomeAssistantCore

/// When `serve`'s loop has work besides the broker's messages: its discovery again after Home
/// Assistant's birth message (one resend per burst, ``BirthCoalescer``, after
/// `Discovery.birthDelay` as the bridge waits), the topics of removed displays (``RemovalOrder``'s
/// delay after their devices), and the images (``FrameImages``: once new data has settled, and
/// when a frame next changes with the clock). Pure: instants in, chores out; the loop does them.
struct ServeChores {
    enum Chore: Equatable {
        case resendDiscovery, clearRemoved, publishImages
    }

    /// How long new data settles before the images are looked at: a bridge's refresh is a burst
    /// of messages, and a frame drawn halfway through it would be published for nothing.
    static let settle: Duration = .seconds(1)
    /// The longest wait for an event.
    static let idle: Duration = .seconds(60)

    var resendAt: ContinuousClock.Instant?
    var clearAt: ContinuousClock.Instant?
    var imagesAt: ContinuousClock.Instant?
    private var births = BirthCoalescer()
    /// Whether there are images to publish.
    let images: Bool

    /// With `images`, they are looked at first at `now`.
    init(images: Bool, now: ContinuousClock.Instant = .now) {
        self.images = images
        imagesAt = images ? now : nil
    }

    /// When the loop should stop waiting for an event.
    func wake(_ now: ContinuousClock.Instant) -> ContinuousClock.Instant {
        ([resendAt, clearAt, imagesAt].compactMap { $0 } + [now + Self.idle]).min()!
    }

    /// Home Assistant's birth message arrived (`random` in `0..<1` spreads the resend).
    mutating func birth(_ now: ContinuousClock.Instant, random: Double = .random(in: 0..<1)) {
        if births.birth() { resendAt = now + Discovery.birthDelay(random: random) }
    }

    /// A message changed the data (or the connection is back): the images once it settles.
    mutating func dataChanged(_ now: ContinuousClock.Instant) {
        guard images else { return }
        imagesAt = min(imagesAt ?? now + Self.settle, now + Self.settle)
    }

    /// When the images next change with the clock (`nil`: only with new data).
    mutating func imagesNext(_ instant: ContinuousClock.Instant?) {
        imagesAt = [imagesAt, instant].compactMap { $0 }.min()
    }

    /// The chores due at `now`, each taken off the schedule.
    mutating func due(_ now: ContinuousClock.Instant) -> [Chore] {
        var chores: [Chore] = []
        if let at = resendAt, at <= now {
            resendAt = nil
            births.resent()
            chores.append(.resendDiscovery)
        }
        if let at = clearAt, at <= now {
            clearAt = nil
            chores.append(.clearRemoved)
        }
        if let at = imagesAt, at <= now {
            imagesAt = nil
            chores.append(.publishImages)
        }
        return chores
    }
}
