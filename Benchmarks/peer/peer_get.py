#!/usr/bin/env python3
"""The peer of `weatherview get`: one value of a location's retained payload, with paho-mqtt.

Usage: peer_get.py [--port 1883] [--base-topic weather] LOC PATH   (PATH: current.temperature,
daily.days.0.temperature_max, ...). Exit 66 when nothing arrives within 5 s.
"""

import argparse
import json
import sys
import threading

import paho.mqtt.client as mqtt


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=1883)
    parser.add_argument("--base-topic", default="weather")
    parser.add_argument("location")
    parser.add_argument("path")
    args = parser.parse_args()
    topic, *keys = args.path.split(".")
    received = {}
    done = threading.Event()

    def on_connect(client, userdata, flags, reason, properties):
        client.subscribe("%s/%s/%s" % (args.base_topic, args.location, topic), qos=1)

    def on_message(client, userdata, message):
        received["payload"] = message.payload
        done.set()

    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    client.on_connect = on_connect
    client.on_message = on_message
    client.connect("127.0.0.1", args.port, 60)
    client.loop_start()
    if not done.wait(5):
        sys.exit(66)
    client.disconnect()
    client.loop_stop()
    value = json.loads(received["payload"])
    for key in keys:
        value = value[int(key)] if isinstance(value, list) else value[key]
    print(json.dumps(value) if isinstance(value, (dict, list)) else value)


if __name__ == "__main__":
    main()
