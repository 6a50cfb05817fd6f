import { describe, expect, it } from "vitest";
import {
  clampZoom,
  fitScale,
  nextRotation,
  normaliseRotation,
  SWIPE_TOLERANCE_PX,
  swipeDirection,
  WHEEL_DEBOUNCE_MS,
  wheelPixels,
  wheelSteps,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  zoomBounds,
  zoomFactor,
} from "~/lib/browser/lightbox-config";

describe("lightbox constants", () => {
  it("are the spec's", () => {
    expect({ ZOOM_MIN, ZOOM_MAX, ZOOM_STEP, WHEEL_DEBOUNCE_MS, SWIPE_TOLERANCE_PX }).toEqual({
      ZOOM_MIN: 0.1,
      ZOOM_MAX: 3,
      ZOOM_STEP: 0.12,
      WHEEL_DEBOUNCE_MS: 80,
      SWIPE_TOLERANCE_PX: 50,
    });
  });
});

describe("zoom", () => {
  it("never passes 3 nor goes under 0.1", () => {
    expect(clampZoom(5)).toBe(3);
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(1.5)).toBe(1.5);
    expect(clampZoom(Infinity)).toBe(3);
    expect(clampZoom(-Infinity)).toBe(0.1);
  });

  it("steps by 12 % per zoom step", () => {
    expect(zoomFactor(1)).toBeCloseTo(1.12);
    expect(zoomFactor(-1)).toBeCloseTo(1 / 1.12);
    expect(zoomFactor(0)).toBe(1);
  });

  it("turns a burst of wheel movement into at least one step, in the wheel's direction", () => {
    expect(wheelSteps(-100)).toBe(1); // wheel away from the user: zoom in
    expect(wheelSteps(100)).toBe(-1);
    expect(wheelSteps(-3)).toBe(1);
    expect(wheelSteps(-1000)).toBe(10);
    expect(wheelSteps(-1e9)).toBe(40);
    expect(wheelSteps(0)).toBe(0);
    expect(wheelSteps(Number.NaN)).toBe(0);
  });

  it("turns the natural-size bounds into the viewer's own units, never outside them", () => {
    for (const fit of [0.688, 0.3333333, 0.86, 1, 0.05]) {
      const { min, max } = zoomBounds(fit);
      expect(max).toBeGreaterThanOrEqual(1);
      expect(min).toBeLessThanOrEqual(1);
      expect(fit * max).toBeLessThanOrEqual(ZOOM_MAX);
      if (fit >= ZOOM_MIN) expect(fit * min).toBeGreaterThanOrEqual(ZOOM_MIN);
      // Five decimals, as the library rounds its zoom.
      expect(Math.round(min * 1e5) / 1e5).toBe(min);
      expect(Math.round(max * 1e5) / 1e5).toBe(max);
    }
    expect(0.688 * zoomBounds(0.688).max).toBeCloseTo(3, 4);
    expect(0.688 * zoomBounds(0.688).min).toBeCloseTo(0.1, 4);
    expect(zoomBounds(0)).toEqual({ min: 1, max: 1 });
  });

  it("reads wheel distance in pixels whatever unit the browser used", () => {
    expect(wheelPixels(100, 0)).toBe(100);
    expect(wheelPixels(3, 1)).toBe(120);
    expect(wheelPixels(1, 2)).toBe(800);
  });
});

describe("swipeDirection", () => {
  it("needs 50 px of mostly horizontal travel", () => {
    expect(swipeDirection(-49, 0)).toBeNull();
    expect(swipeDirection(-50, 0)).toBe("next");
    expect(swipeDirection(50, 0)).toBe("prev");
    expect(swipeDirection(-80, 90)).toBeNull();
    expect(swipeDirection(0, 200)).toBeNull();
  });
});

describe("rotation and fit", () => {
  it("turns a quarter at a time", () => {
    expect(nextRotation(0)).toBe(90);
    expect(normaliseRotation(nextRotation(270))).toBe(0);
    expect(normaliseRotation(-90)).toBe(270);
  });

  it("fits an image in the window without enlarging it, turned or not", () => {
    const natural = { width: 800, height: 1000 };
    expect(fitScale(natural, { width: 1248, height: 688 })).toBeCloseTo(0.688);
    expect(fitScale(natural, { width: 1248, height: 688 }, 90)).toBeCloseTo(0.86);
    expect(fitScale(natural, { width: 4000, height: 4000 })).toBe(1);
    expect(fitScale({ width: 0, height: 0 }, { width: 100, height: 100 })).toBe(1);
  });
});
