"""Which address the phone hub offers: the one chosen in Settings, or by default the first
IPv4 address of this machine's network interfaces that other devices can reach (not the
loopback, not a link-local one). Nothing here sends a packet anywhere."""
from __future__ import annotations

import ipaddress
import socket
import struct
import sys

LOOPBACK = "127.0.0.1"


def usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_multicast
                                    or ip.is_unspecified)


def interface_addresses() -> list[tuple[str, str]]:
    """``(interface, IPv4 address)`` of each interface that has one (Linux: asked of the
    kernel per interface; elsewhere: the addresses the host name resolves to)."""
    found: list[tuple[str, str]] = []
    if sys.platform.startswith("linux"):
        try:
            import fcntl

            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                for _index, name in socket.if_nameindex():
                    try:
                        packed = fcntl.ioctl(probe.fileno(), 0x8915,  # SIOCGIFADDR
                                             struct.pack("256s", name.encode()[:15]))
                    except OSError:
                        continue  # no IPv4 address on it
                    found.append((name, socket.inet_ntoa(packed[20:24])))
        except (OSError, ImportError):
            found = []
    if not found:
        try:
            _host, _aliases, addresses = socket.gethostbyname_ex(socket.gethostname())
            found = [("", a) for a in addresses]
        except OSError:
            pass
    return found


def lan_address() -> str:
    """The address phones on the same network reach this machine by (the loopback when it
    has none: only this machine's own browser can then open the page)."""
    for _name, address in interface_addresses():
        if usable(address):
            return address
    return LOOPBACK


def choose(setting: str) -> str:
    """The address to bind to for the setting ``auto`` or an IPv4 address."""
    return lan_address() if setting == "auto" else setting
