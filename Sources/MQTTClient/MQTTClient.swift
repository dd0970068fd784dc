// MQTTClient
