import { describe, expect, it } from "vitest";
import { cidrContains } from "./k8s-netpol.ts";

describe("an ipBlock's CIDR", () => {
  it("holds the addresses of its prefix, IPv4 and IPv6", () => {
    expect(cidrContains("10.0.0.0/8", "10.1.2.3")).toBe(true);
    expect(cidrContains("10.0.0.0/8", "11.0.0.1")).toBe(false);
    expect(cidrContains("0.0.0.0/0", "203.0.113.7")).toBe(true);
    expect(cidrContains("192.168.1.7/32", "192.168.1.7")).toBe(true);
    expect(cidrContains("192.168.1.7/32", "192.168.1.8")).toBe(false);
    expect(cidrContains("fd00::/8", "fd12:3456::1")).toBe(true);
    expect(cidrContains("fd00::/8", "fe80::1")).toBe(false);
    expect(cidrContains("10.0.0.0/8", "fd00::1")).toBe(false);
  });

  it("holds nothing when malformed: no prefix length, one too long, not an address", () => {
    expect(cidrContains("10.0.0.1", "10.0.0.1")).toBe(false);
    expect(cidrContains("10.0.0.1", "203.0.113.7")).toBe(false);
    expect(cidrContains("10.0.0.0/33", "10.0.0.1")).toBe(false);
    expect(cidrContains("fd00::/129", "fd00::1")).toBe(false);
    expect(cidrContains("10.0.0.256/8", "10.0.0.1")).toBe(false);
    expect(cidrContains("10.0.0.0/", "10.0.0.1")).toBe(false);
  });
});
