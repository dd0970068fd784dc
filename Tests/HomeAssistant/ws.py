"""One Home Assistant websocket command, run with the root's Python (aiohttp is there).

Usage: ws.py URL TOKEN COMMAND_JSON  ->  prints the command's `result` as JSON, exits 1 on
an error answer. Copied into the Home Assistant root by driver.py.
"""

import asyncio
import json
import sys

import aiohttp


async def main(url: str, token: str, command: dict) -> int:
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(url) as ws:
            await ws.receive_json()  # auth_required
            await ws.send_json({"type": "auth", "access_token": token})
            answer = await ws.receive_json()
            if answer.get("type") != "auth_ok":
                print(json.dumps(answer))
                return 1
            await ws.send_json({"id": 1, **command})
            while True:
                answer = await ws.receive_json()
                if answer.get("id") == 1 and answer.get("type") == "result":
                    print(json.dumps(answer.get("result") if answer.get("success") else answer))
                    return 0 if answer.get("success") else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3]))))
