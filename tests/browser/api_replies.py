"""The static explorer answers as the server does: the same requests, sent through the page's own transport (the
engine compiled to WebAssembly, in the page's Web Workers) and to `tartan explore`, must get the same status, content
type and bytes. The requests cover every endpoint but the verification's jobs (which the browser test drives through
the page), numbers past 2^53 and 2^64, positions of 2^32 coins (past a 32-bit size_t, WebAssembly's), every kind of
refusal, and positions drawn at random (seeded) in rows, boards and boxes of built-in games and codes.

Only the measured time ("seconds") may differ; and where a picture embeds a PNG image (more than 65 536 cells), the
WebAssembly build stores its pixels uncompressed where zlib compresses them (present/zlib_stream.hpp), so the
pictures are compared with each image decoded to its pixels. The one request the engines answer differently is a
row or an axis of 2^32 coins, which `tartan explore` analyses and the 32-bit WebAssembly engine refuses (at most
2^32 - 1): requests() marks them."""
import base64
import json
import random
import re
import struct
import urllib.error
import urllib.request
import zlib


def requests():
    """(endpoint, body as JSON text, wide) triples; `wide`: a row of 2^32 coins, past a 32-bit engine."""
    asked = []

    def ask(endpoint, body):
        text = body if isinstance(body, str) else json.dumps(body)
        asked.append((endpoint, text, re.search(r'"(coins|size)": "?4294967296(?!\d)', text) is not None))

    ask("games", {})
    for body in [{"game": "ruler", "count": 16, "period": True}, {"game": "kayles", "count": 200, "period": True},
                 {"game": "0.007", "count": 300, "period": True}, {"game": "motley", "count": 64},
                 {"game": "motley", "count": 64, "big_as_strings": True}, {"game": "[1,3,6,10]C", "count": 50},
                 {"game": "mock-turtles", "count": 1000, "format": "svg"}, {"game": "2-3,6C", "count": "0x40"},
                 {"game": "dawsons-kayles", "count": 100000, "period": True},
                 {"game": "mock-turtle", "count": 8}, {"game": "ruler*ruler", "count": 8}, {"game": "ruler"},
                 {"game": "ruler", "count": 0}, {"game": "ruler", "count": 1000001},
                 {"game": "ruler", "count": "18446744073709551616"}, {"game": "ruler", "count": 8, "format": "png"},
                 {"game": "motley", "count": 70}]:
        ask("sequence", body)
    for body in [{"game": "mock-turtles", "position": "HTTH", "options": 8},
                 {"game": "ruler*ruler", "position": "HT/TH", "options": 3},
                 {"game": "[1,3,6,10]C*[1,4,9,16]C", "size": "1000000x1000000", "all_heads": True, "count": True},
                 {"game": "ruler", "coins": 4294967296, "heads": "5,4294967295", "limit": 3},
                 {"game": "ruler", "coins": "4294967296", "all_heads": True, "count": True},
                 {"game": "ruler", "coins": 4294967297, "heads": "5"},
                 {"game": "ruler*ruler", "size": "4294967296x2", "heads": "7:1", "count": True},
                 {"game": "ruler*ruler*ruler", "size": "2x3x4", "heads": "0:1:1,1:2:3", "options": 20},
                 {"game": "motley", "position": "H" + "T" * 58 + "H", "options": 10},
                 {"game": "motley", "position": "H" + "T" * 58 + "H", "big_as_strings": True},
                 {"terms": [{"game": "mock-turtles", "position": "HTTH"}, {"game": "ruler*ruler", "position":
                                                                           "8x8=all"}], "limit": 2},
                 {"terms": [{"game": "ruler", "position": "1000=3,10-20"}, {"game": "kayles", "position": "HTH"}],
                  "count": True},
                 {"game": "kayles", "heaps": [5, 7, 9]}, {"game": "kayles", "heaps": "3,3,5,7,9", "count": True},
                 {"game": "0.07", "heaps": [12, 20], "limit": 100},
                 {"game": "mock-turtles", "position": "HTTHHTHT", "misere": True},
                 {"game": "kayles", "heaps": [2, 2], "misere": True},
                 {"game": "ruler*ruler", "position": "HTH/THT", "misere": True},
                 {"game": "mock-turtles", "position": "HTTX"}, {"game": "mock-turtles", "positon": "HT"},
                 {"game": "@/etc/passwd", "position": "HT"}, {"game": 7, "position": "HT"},
                 {"game": "ruler", "coins": 1000, "heads": "0-999999"}, {"game": "ruler", "position": "HT",
                                                                         "limit": -1}]:
        ask("analyze", body)
    ask("analyze", '{"game": "ruler", "position": "HT", "position": "TH"}')
    ask("analyze", '{"game": "ruler", ')
    ask("analyze", "[1, 2]")
    ask("analyze", '{"game": "mock-turtles", "position": "H\\u00e9"}')
    for body in [{"game": "twins*twins", "size": "4x4"}, {"game": "motley*motley", "size": "40x40"},
                 {"game": "ruler*ruler", "size": "32x32", "format": "svg"},
                 {"game": "kayles*dawsons-kayles", "size": "16x16", "format": "svg"},
                 {"game": "motley*motley", "size": "40x40", "format": "svg"},
                 {"game": "ruler*ruler", "size": "300x300", "format": "svg"},
                 {"game": "ruler*ruler*ruler", "size": "3x4x5"}, {"game": "ruler*ruler", "size": "2000x2000"},
                 {"game": "ruler", "size": "8x8"}, {"game": "ruler*ruler", "size": "8"}]:
        ask("table", body)
    for body in [{"game": "mock-turtles", "position": "HHHHTTHH", "move": [6, 7], "seed": 2, "hint": True},
                 {"game": "mock-turtles", "position": "HHHHTTHH", "seed": 5},
                 {"game": "ruler*ruler", "position": "HHT/THH/HTH", "move": {"rows": [0], "cols": [0]}, "seed": 1},
                 {"game": "kayles", "heaps": [5, 7, 9], "move": "take 1 from 5 leaving 4", "seed": 2, "hint": True},
                 {"game": "kayles", "heaps": [5, 7, 9], "move": {"take": 2, "from": 7, "leaving": [1, 4]}},
                 {"game": "kayles", "heaps": [2], "move": "take 1 from 2 leaving 1", "misere": True},
                 {"game": "mock-turtles", "position": "HTTHHTHT", "misere": True, "seed": 3, "hint": True},
                 {"game": "kayles", "heaps": [5, 7, 9], "move": "split 9 into 4 5"},
                 {"game": "mock-turtles", "position": "HTTH", "move": [1, 2]},
                 {"game": "mock-turtles", "position": "TTTT", "move": [0]}]:
        ask("play", body)
    # Sums with heaps, in normal and misère play; the quotient, as JSON with a position and as a picture; play on a
    # sum with hints.
    heaps_and_row = [{"game": "kayles", "heaps": [3, 4]}, {"game": "mock-turtles", "position": "HTTH"}]
    one_game = [{"game": "kayles", "heaps": "3,4"}, {"game": "kayles", "position": "heaps=2,5"}]
    for body in [{"terms": heaps_and_row, "limit": 100}, {"terms": heaps_and_row, "misere": True},
                 {"terms": one_game, "misere": True}, {"terms": one_game, "count": True},
                 {"terms": [{"game": "ruler", "heaps": [3]}]}]:
        ask("analyze", body)
    for body in [{"game": "kayles", "heaps": 170, "position": [3, 4, 4]}, {"game": "0.75", "heaps": 40,
                                                                            "format": "svg"},
                 {"game": "mock-turtles", "coins": 3, "position": ["HTH", 3]}, {"game": "mock-turtles", "heaps": 5},
                 {"game": "kayles", "heaps": 20, "position": [30]}]:
        ask("quotient", body)
    for body in [{"terms": one_game, "misere": True, "hint": True, "reply": False},
                 {"terms": heaps_and_row, "move": {"term": 1, "move": [0, 3]}, "hint": True, "seed": 4},
                 {"terms": heaps_and_row, "move": {"term": 0, "move": "take 1 from 3 leaving 2"}, "misere": True},
                 {"terms": heaps_and_row, "move": {"term": 2, "move": [0]}}]:
        ask("play", body)
    ask("verify/status", {"job": "99"})
    ask("verify/svg", {"job": 99})
    ask("nothing", {})

    # Random positions, seeded: rows of built-in games and codes, boards and boxes, with every option listed.
    rng = random.Random(20240611)
    rows = ["mock-turtles", "ruler", "turtles", "twins", "moebius", "mogul", "kayles", "0.137", "1-3", "2-3,6C",
            "[1,4,9,16]C", "S{1,3,4}", "4!.0"]
    for _ in range(24):
        game = rng.choice(rows)
        coins = rng.randint(1, 40)
        ask("analyze", {"game": game, "position": "".join(rng.choice("HT") for _ in range(coins)), "options": 200,
                        "limit": 50})
    for _ in range(8):
        game = rng.choice(["ruler", "mock-turtles", "twins", "kayles"]) + "*" + rng.choice(["ruler", "turtles",
                                                                                           "dawsons-kayles"])
        r, c = rng.randint(1, 9), rng.randint(1, 9)
        position = "/".join("".join(rng.choice("HTT") for _ in range(c)) for _ in range(r))
        ask("analyze", {"game": game, "position": position, "options": 100, "limit": 20})
        ask("play", {"game": game, "position": position, "seed": rng.randint(0, 1000), "hint": True})
    return asked


def post(url, endpoint, body):
    """The server's reply to POST url/api/endpoint: (status, content type, text)."""
    request = urllib.request.Request(url + "api/" + endpoint, data=body.encode("utf-8"), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as reply:
            return reply.status, reply.headers["Content-Type"], reply.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.headers["Content-Type"], e.read().decode("utf-8")


def png_pixels(png):
    """A PNG's header and its pixels, the IDAT data inflated: what a viewer draws, whatever the compression."""
    at, header, data = 8, b"", b""
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        chunk = png[at + 8:at + 8 + length]
        if zlib.crc32(png[at + 4:at + 8 + length]) != struct.unpack(">I", png[at + 8 + length:at + 12 + length])[0]:
            raise ValueError("a PNG chunk's CRC is wrong")
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            data += chunk
        at += 12 + length
    return header, zlib.decompress(data)


def comparable(text):
    """A reply's text with its measured times zeroed and its embedded PNG images decoded."""
    text = re.sub(r'"seconds":[0-9.e+-]+', '"seconds":0', text)
    return re.sub(r"data:image/png;base64,([A-Za-z0-9+/=]+)",
                  lambda m: "png:" + repr(png_pixels(base64.b64decode(m.group(1)))), text)
