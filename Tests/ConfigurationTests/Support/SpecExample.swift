/// The configuration example of SPEC §2, verbatim.
enum SpecExample {
    static let text = """
        mqtt:
          url: mqtt://127.0.0.1:1883          # mqtt:// (default port 1883) or mqtts:// (default 8883)
          client_id: weather2mqtt             # default: weather2mqtt-<hostname>
          username: bridge                    # optional
          password_file: /run/credentials/weather2mqtt/mqtt_password   # or password: ${MQTT_PASSWORD}
          base_topic: weather                 # every topic below starts with it
          qos: 1                              # 0 | 1 | 2
          protocol: 5                         # 5 | 3.1.1  (5 enables message expiry)
          keepalive: 60s
          message_expiry: 12h                 # MQTT 5 only: retained readings vanish if never refreshed; 0 = off
          flat_topics: true                   # also publish one plain value per current field
          tls:                                # only with mqtts://; verification is always on unless insecure: true
            ca_file: /etc/ssl/certs/ca-certificates.crt
            cert_file: /etc/weather2mqtt/client.crt    # optional client certificate
            key_file: /etc/weather2mqtt/client.key
            insecure: false

        homeassistant:
          discovery: true
          prefix: homeassistant

        units: metric                          # metric | imperial | si | uk, or a map (below)
        # units: { temperature: °F, wind_speed: kn, pressure: hPa, precipitation: mm, distance: km }

        forecast:
          hours: 48                            # hourly entries published (from the current hour on)
          days: 7                              # daily entries published (from today, local time)

        contact: you@example.com               # goes into the User-Agent; met.no and NWS require it
        state_dir: /var/lib/weather2mqtt       # persisted readings, HTTP validators, quotas
        log_level: info                        # trace | debug | info | notice | warning | error

        providers:                             # only the providers used need a section
          open-meteo:    { base_url: https://api.open-meteo.com }          # no key; self-hosted instances work
          openweathermap:
            api_key_file: /run/credentials/weather2mqtt/owm
            api: onecall                       # onecall (One Call 3.0) | free (2.5 current + 5 day / 3 hour)
            base_url: https://api.openweathermap.org
          pirate-weather: { api_key: "${PIRATE_WEATHER_KEY}", base_url: https://api.pirateweather.net }
          met-no:        { base_url: https://api.met.no }
          nws:           { base_url: https://api.weather.gov }
          # per provider, optional: daily_budget: 900   (requests per UTC day; default: the provider's free tier, with margin)

        locations:
          - id: home                           # topic segment: ^[a-z0-9][a-z0-9_-]{0,63}$
            name: Home                         # display name (any text)
            latitude: 52.5200
            longitude: 13.4050
            timezone: Europe/Berlin            # optional where the provider reports it; required otherwise (met-no)
            providers: [met-no, open-meteo]    # first = primary, the rest = fallbacks in order; default [open-meteo]
            interval: 15m                      # how often to refresh (never faster than the provider allows)
        """
}
