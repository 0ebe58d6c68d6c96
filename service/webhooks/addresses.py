"""Where a webhook may go: no request forgery through the referee.

A target must match ``WEBHOOK_ALLOWED_HOSTS``: a host name (``hooks.example.com``), a
suffix (``*.example.com``), an address or CIDR block holding every address the host
resolves to, or ``*``, any host whose addresses are all public (the default). A host
resolving to a loopback, link-local, private, multicast, reserved or unspecified address
passes only when it is listed by name (or suffix) or its addresses by block: ``*`` never
lets one through. The check runs at creation and again before each attempt, and the
attempt connects to an address the check passed, so a name that resolves elsewhere later
(DNS rebinding) reaches nothing it should not.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Callable, Iterable
from urllib.parse import urlsplit

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Resolver = Callable[[str, int], list[str]]


class HostNotAllowed(Exception):
    """The URL's host is (or resolves to) an address the policy refuses."""

    code = "webhook_host_not_allowed"


class HostUnresolvable(HostNotAllowed):
    """The URL's host name does not resolve: nothing to check, so nothing to send to."""

    code = "webhook_host_unresolvable"


@dataclass(frozen=True)
class Target:
    """A checked URL: where to connect (an address that passed) and what to ask for."""

    scheme: str
    host: str
    port: int
    address: str
    path: str


#: Any host whose addresses are all public.
ANY_PUBLIC = "*"


def parse_allowed_hosts(text: str) -> tuple[frozenset[str], tuple[Network, ...]]:
    """``WEBHOOK_ALLOWED_HOSTS``: ``*``, host names, ``*.``-suffixes, addresses and CIDR blocks, comma-separated."""
    names: set[str] = set()
    networks: list[Network] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        if item == ANY_PUBLIC:
            names.add(ANY_PUBLIC)
            continue
        try:
            networks.append(ipaddress.ip_network(item.strip("[]"), strict=False))
        except ValueError:
            name = item.removeprefix("*.")
            if not name or not all(c.isalnum() or c in "-._" for c in name):
                raise ValueError(f"{item!r} is neither *, a host name, a *.suffix, an address nor a CIDR block") from None
            names.add(item.lower().rstrip("."))
    return frozenset(names), tuple(networks)


def system_resolver(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def _unmapped(address: Address) -> Address:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
    return address


def is_public(address: Address) -> bool:
    address = _unmapped(address)
    return address.is_global and not (address.is_loopback or address.is_link_local or address.is_private
                                      or address.is_multicast or address.is_reserved or address.is_unspecified)


class AddressPolicy:
    def __init__(self, allowed: Iterable[str] = (), resolver: Resolver = system_resolver) -> None:
        self.names, self.networks = parse_allowed_hosts(",".join(allowed))
        self._resolve = resolver

    def _listed(self, address: Address) -> bool:
        address = _unmapped(address)
        return any(address in network for network in self.networks)

    def _named(self, host: str) -> bool:
        """The host is listed by its name or a ``*.`` suffix of it (``*`` alone names no host)."""
        return host in self.names or any(name.startswith("*.") and host.endswith(name[1:]) for name in self.names)

    def check(self, url: str) -> Target:
        """Resolve ``url``'s host and return where to connect; :class:`HostNotAllowed` if nowhere may be."""
        parts = urlsplit(url)
        host = (parts.hostname or "").lower().rstrip(".")
        if parts.scheme not in ("http", "https") or not host:
            raise HostNotAllowed(f"not an http(s) URL with a host: {parts.scheme!r}")
        port = parts.port or (443 if parts.scheme == "https" else 80)
        try:
            resolved = [ipaddress.ip_address(host)]
        except ValueError:
            try:
                resolved = [ipaddress.ip_address(a.split("%")[0]) for a in self._resolve(host, port)]
            except (OSError, UnicodeError):
                raise HostUnresolvable(f"the host {host!r} does not resolve") from None
            if not resolved:
                raise HostUnresolvable(f"the host {host!r} does not resolve")
        named, any_public = self._named(host), ANY_PUBLIC in self.names
        refused = [a for a in resolved if not (named or self._listed(a) or (any_public and is_public(a)))]
        if refused:
            reason = "which is not public" if any_public and not is_public(refused[0]) else \
                "which WEBHOOK_ALLOWED_HOSTS does not list"
            raise HostNotAllowed(f"the host {host!r} resolves to {refused[0]}, {reason}; "
                                 "list it in WEBHOOK_ALLOWED_HOSTS to allow it")
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        return Target(parts.scheme, host, port, str(resolved[0]), path)
