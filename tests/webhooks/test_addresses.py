"""No request forgery through the referee: non-public addresses are refused unless listed,
at creation (422) and again at each attempt, after resolving, against the address connected to."""

from __future__ import annotations

import pytest

from service import create_app
from service.webhooks.addresses import AddressPolicy, HostNotAllowed
from service.webhooks.delivery import Delivery, DeliveryFailed, attempt
from service.webhooks.signing import new_secret

REFUSED = ["http://127.0.0.1/hook", "http://10.1.2.3/hook", "http://169.254.169.254/latest/meta-data",
           "http://192.168.0.10/hook", "http://[::1]/hook", "http://0.0.0.0/hook",
           "http://224.0.0.1/hook", "http://localhost:8080/hook", "http://100.64.0.1/hook"]


@pytest.fixture(scope="module")
def client(card_nim):
    return create_app({"WEBHOOK_ALLOWED_HOSTS": ["*"]}).test_client()


def create(client, url):
    return client.post("/v1/sessions", json={"game": "card_nim", "players": 2,
                                             "webhooks": [{"url": "http://93.184.215.14/ok", "events": ["turn"]},
                                                          {"url": url, "events": ["turn"]}]})


@pytest.mark.parametrize("url", REFUSED)
def test_a_non_public_address_is_refused_at_creation(client, url):
    answer = create(client, url)
    assert answer.status_code == 422, answer.json
    assert answer.json["code"] == "webhook_host_not_allowed"
    assert answer.json["errors"][0]["path"] == "$.webhooks[1].url"


def test_a_public_address_is_accepted(client):
    answer = client.post("/v1/sessions", json={"game": "card_nim", "players": 2,
                                               "webhooks": [{"url": "https://93.184.215.14/x", "events": ["turn"]}]})
    assert answer.status_code == 201, answer.json


@pytest.mark.parametrize("listed, url", [("127.0.0.1", "http://127.0.0.1:9/x"), ("10.0.0.0/8", "http://10.9.8.7/x"),
                                         ("localhost", "http://localhost/x"), ("::1", "http://[::1]:9/x")])
def test_a_listed_host_address_or_block_is_allowed(card_nim, listed, url):
    client = create_app({"WEBHOOK_ALLOWED_HOSTS": [listed, "*"]}).test_client()
    assert create(client, url).status_code == 201


@pytest.mark.parametrize("webhooks, path", [
    ([{"url": "ftp://93.184.215.14/x", "events": ["turn"]}], "$.webhooks[0].url"),
    ([{"url": "not a url", "events": ["turn"]}], "$.webhooks[0].url"),
    ([{"url": "https://93.184.215.14/x", "events": ["moved"]}], "$.webhooks[0].events[0]"),
    ([{"url": "https://93.184.215.14/x", "events": []}], "$.webhooks[0].events"),
    ([{"url": "https://93.184.215.14/x"}], "$.webhooks[0].events"),
    ([{"url": "https://93.184.215.14/x", "events": ["turn"], "secret": "mine"}], "$.webhooks[0].secret"),
    ([{"url": "https://93.184.215.14/x", "events": ["turn"]}] * 6, "$.webhooks"),
    ("https://93.184.215.14/x", "$.webhooks"),
])
def test_a_malformed_subscription_is_a_422_with_its_path(client, webhooks, path):
    answer = client.post("/v1/sessions", json={"game": "card_nim", "players": 2, "webhooks": webhooks})
    assert answer.status_code == 422, answer.json
    assert answer.json["code"] == "invalid_request"
    assert path in [error["path"] for error in answer.json["errors"]]


def test_an_unresolvable_host_is_refused_at_creation(client):
    answer = create(client, "http://no-such-host.invalid/hook")
    assert answer.status_code == 422
    assert answer.json["code"] == "webhook_host_unresolvable"


@pytest.mark.parametrize("address", ["::ffff:127.0.0.1", "::ffff:10.0.0.1", "fe80::1", "fc00::1", "::"])
def test_the_policy_refuses_non_public_ipv6_and_mapped_ipv4(address):
    with pytest.raises(HostNotAllowed):
        AddressPolicy(["*"], resolver=lambda host, port: [address]).check("https://name.example/hook")


def test_the_policy_judges_every_address_a_name_resolves_to():
    policy = AddressPolicy(["*"], resolver=lambda host, port: ["93.184.215.14", "127.0.0.1"])
    with pytest.raises(HostNotAllowed):
        policy.check("https://two-faced.example/hook")


class Rebinding:
    """A name that resolves to a public address first, to loopback after (DNS rebinding)."""

    def __init__(self, later: str) -> None:
        self.answers, self.later = ["93.184.215.14"], later

    def __call__(self, host: str, port: int) -> list[str]:
        return [self.answers.pop(0)] if self.answers else [self.later]


def test_a_name_that_rebinds_to_loopback_after_creation_is_refused_at_delivery(receiver):
    port = receiver.server.server_address[1]
    policy = AddressPolicy(["*"], resolver=Rebinding("127.0.0.1"))
    url = f"http://rebind.example:{port}/hook"
    policy.check(url)  # creation: public
    delivery = Delivery(webhook_id="msg_x", url=url, secret=new_secret(), body=b"{}", event="turn",
                        session_id="s", version=1)
    with pytest.raises(DeliveryFailed):
        attempt(delivery, policy, timeout=1)
    assert receiver.requests == []


def test_delivery_connects_to_the_address_that_was_checked(receiver):
    """The name is resolved once, by the policy: the receiver is reached at that address, under the name."""
    port = receiver.server.server_address[1]
    policy = AddressPolicy(["hooks.example"], resolver=lambda host, port: ["127.0.0.1"])
    delivery = Delivery(webhook_id="msg_y", url=f"http://hooks.example:{port}/hook?k=1", secret=new_secret(),
                        body=b"{}", event="turn", session_id="s", version=1)
    assert attempt(delivery, policy, timeout=2) == 200
    [got] = receiver.wait_for(1)
    assert got.path == "/hook?k=1" and got.headers["host"] == f"hooks.example:{port}"


def _resolving(table):
    return lambda host, port: table[host]


def test_a_target_must_match_the_list_when_it_names_hosts():
    """Issue #21: outbound targets must match WEBHOOK_ALLOWED_HOSTS; without `*` a public host not listed is refused."""
    table = {"hooks.example.com": ["93.184.215.14"], "a.apps.example.net": ["93.184.215.15"],
             "elsewhere.example.org": ["93.184.215.16"], "intra.example.net": ["10.0.0.5"],
             "example.net": ["93.184.215.17"]}
    policy = AddressPolicy(["hooks.example.com", "*.example.net"], resolver=_resolving(table))
    assert policy.check("https://hooks.example.com/h").address == "93.184.215.14"
    assert policy.check("https://a.apps.example.net/h").address == "93.184.215.15"
    assert policy.check("https://intra.example.net/h").address == "10.0.0.5"  # listed by suffix: the operator's choice
    with pytest.raises(HostNotAllowed, match="does not list"):
        policy.check("https://elsewhere.example.org/h")
    with pytest.raises(HostNotAllowed):
        policy.check("https://example.net/h")  # the suffix is of subdomains only


def test_the_wildcard_admits_public_hosts_only():
    table = {"public.example": ["93.184.215.14"], "inside.example": ["192.168.1.2"]}
    policy = AddressPolicy(["*"], resolver=_resolving(table))
    assert policy.check("https://public.example/h").address == "93.184.215.14"
    with pytest.raises(HostNotAllowed, match="not public"):
        policy.check("https://inside.example/h")


def test_an_empty_list_admits_nothing():
    policy = AddressPolicy([], resolver=_resolving({"public.example": ["93.184.215.14"]}))
    with pytest.raises(HostNotAllowed):
        policy.check("https://public.example/h")


def test_the_default_setting_is_the_public_wildcard(card_nim):
    client = create_app({}).test_client()
    assert create(client, "http://93.184.215.20/x").status_code == 201
    assert create(client, "http://127.0.0.1:9/x").json["code"] == "webhook_host_not_allowed"
