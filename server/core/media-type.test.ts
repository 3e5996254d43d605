import { describe, expect, it } from "vitest";
import { mediaType } from "./media-type.js";

describe("mediaType: a Content-Type judged by type/subtype, never by a substring", () => {
  it.each([
    ["application/json", "application/json"],
    ["Application/JSON; charset=utf-8", "application/json"],
    ["  application/x-www-form-urlencoded ;charset=UTF-8", "application/x-www-form-urlencoded"],
    ["text/plain; x=application/x-www-form-urlencoded", "text/plain"],
    ["text/plain; charset=application/json", "text/plain"],
    ["multipart/form-data; boundary=application/json", "multipart/form-data"],
    ["application/json-seq", "application/json-seq"],
    ["application/vnd.api+json", "application/vnd.api+json"],
  ])("%s → %s", (header, expected) => {
    expect(mediaType(header)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    ";",
    "application",
    "application/",
    "/json",
    "text/application/json",
    "application/json x",
    "appli cation/json",
    "application/jsön",
    '"application/json"',
  ])("not a media type: %s → undefined", (header) => {
    expect(mediaType(header)).toBeUndefined();
  });
});
