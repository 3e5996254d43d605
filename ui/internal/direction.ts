/**
 * The writing direction of an element that has no messages of its own (`<auth-user>`), by the rule
 * the other elements follow (./localize.ts): the nearest `dir` (the element's own or an ancestor's),
 * else the direction of the nearest `lang`'s language, else `<html lang>`'s, else `ltr`. Shadow
 * content inherits `direction` from a `dir` only, so without this a `<div lang="ar">` alone would
 * leave such an element left to right.
 */
import { directionOf } from "../../locales/translator.js";
import type { Direction } from "../../locales/types.js";

export function nearestDirection(element: Element): Direction {
  const dir = element.closest("[dir]")?.getAttribute("dir");
  if (dir === "rtl" || dir === "ltr") return dir;
  const lang = element.closest("[lang]")?.getAttribute("lang") || element.ownerDocument.documentElement.lang;
  return lang ? directionOf(lang) : "ltr";
}
