print("weather2mqtt")
