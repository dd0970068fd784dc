print("weatherview: not yet built")
