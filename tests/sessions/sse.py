"""A test client's reading of a session's server-sent event stream, shared by the stream tests."""

from __future__ import annotations

import orjson


def bearer(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


class Stream:
    """A stream read message by message, the way a client reads it off the wire."""

    def __init__(self, response):
        assert response.status_code == 200, response.get_data()
        assert response.mimetype == "text/event-stream"
        self.response = response
        self.chunks = iter(response.response)
        self.pings = 0

    def next(self):
        """The next message with an id, as (id, data); heartbeats are counted on the way, and
        three in a row (three seconds of silence) mean the message is not coming."""
        pings = 0
        while True:
            chunk = next(self.chunks)
            text = chunk.decode() if isinstance(chunk, bytes) else chunk
            if text.startswith(": ping"):
                self.pings += 1
                pings += 1
                assert pings < 3, "no message where one was due"
            if text.startswith("event: gone"):
                return None, None
            if text.startswith("id: "):
                head, data = text.strip().split("\n")
                return int(head[4:]), orjson.loads(data[len("data: "):])

    def rest(self):
        return [chunk.decode() if isinstance(chunk, bytes) else chunk for chunk in self.chunks]

    def close(self):
        self.response.close()


def open_stream(web, sid, token=None, **headers):
    headers.update(bearer(token))
    return Stream(web.get(f"/v1/sessions/{sid}/stream", headers=headers, buffered=False))
