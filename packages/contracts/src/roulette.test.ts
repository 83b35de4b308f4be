import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  mergeBets,
  numberFromSeed,
  payout,
  ROULETTE_MESSAGES,
  ROULETTE_RED_NUMBERS,
  ROULETTE_WHEEL,
  type RouletteBet,
  rouletteColor,
  roulettePlaceBetsSchema,
  seedCommitment,
} from "./roulette.ts";

/** Each row: a bet of 10, the number drawn, what it pays back (stake included). */
const TABLE: [RouletteBet["type"], RouletteBet["value"], number, number][] = [
  // number 35:1 (36x back), zero included
  ["number", 17, 17, 360],
  ["number", 17, 18, 0],
  ["number", 0, 0, 360],
  ["number", 0, 1, 0],
  // column 2:1: column 1 = 1, 4, … 34; column 3 = 3, 6, … 36
  ["column", 1, 1, 30],
  ["column", 1, 34, 30],
  ["column", 2, 35, 30],
  ["column", 3, 36, 30],
  ["column", 3, 35, 0],
  ["column", 1, 0, 0],
  // dozen 2:1
  ["dozen", 1, 12, 30],
  ["dozen", 2, 13, 30],
  ["dozen", 2, 24, 30],
  ["dozen", 3, 25, 30],
  ["dozen", 3, 24, 0],
  ["dozen", 1, 0, 0],
  // range 1:1
  ["range", "1-18", 18, 20],
  ["range", "1-18", 19, 0],
  ["range", "19-36", 19, 20],
  ["range", "19-36", 0, 0],
  ["range", "1-18", 0, 0],
  // even-odd 1:1, zero is neither
  ["even-odd", "even", 36, 20],
  ["even-odd", "even", 35, 0],
  ["even-odd", "odd", 35, 20],
  ["even-odd", "even", 0, 0],
  ["even-odd", "odd", 0, 0],
  // colour 1:1, zero is green
  ["color", "red", 32, 20],
  ["color", "black", 32, 0],
  ["color", "black", 26, 20],
  ["color", "red", 0, 0],
  ["color", "black", 0, 0],
];

describe("payout", () => {
  it.each(TABLE)("%s %s on %i pays %i for 10", (type, value, n, expected) => {
    expect(payout({ type, value, amount: 10 } as RouletteBet, n)).toBe(expected);
  });

  it("every number: each outside bet wins on exactly its share of 1..36 and loses on 0", () => {
    const outside: RouletteBet[] = [
      ...[1, 2, 3].map((value) => ({ type: "column" as const, value, amount: 5 })),
      ...[1, 2, 3].map((value) => ({ type: "dozen" as const, value, amount: 5 })),
      { type: "range", value: "1-18", amount: 5 },
      { type: "range", value: "19-36", amount: 5 },
      { type: "even-odd", value: "even", amount: 5 },
      { type: "even-odd", value: "odd", amount: 5 },
      { type: "color", value: "red", amount: 5 },
      { type: "color", value: "black", amount: 5 },
    ];
    for (const bet of outside) {
      const wins = ROULETTE_WHEEL.filter((n) => payout(bet, n) > 0);
      expect(wins).not.toContain(0);
      expect(wins).toHaveLength(bet.type === "column" || bet.type === "dozen" ? 12 : 18);
    }
  });
});

describe("the wheel", () => {
  it("holds 0..36 once each, 18 red and 18 black alternating around it", () => {
    expect([...ROULETTE_WHEEL].sort((a, b) => a - b)).toEqual([...Array(37).keys()]);
    expect(ROULETTE_RED_NUMBERS.size).toBe(18);
    for (let i = 1; i < ROULETTE_WHEEL.length - 1; i++) {
      const here = rouletteColor(ROULETTE_WHEEL[i] as number);
      expect(rouletteColor(ROULETTE_WHEEL[i + 1] as number)).not.toBe(here);
    }
  });
});

describe("the bets' schema", () => {
  const parse = (bets: unknown) => roulettePlaceBetsSchema.safeParse({ bets });
  const message = (bets: unknown) => {
    const r = parse(bets);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it("takes every position with a sum of chips", () => {
    expect(parse([{ type: "number", value: 0, amount: 5 }]).success).toBe(true);
    expect(parse([{ type: "color", value: "red", amount: 185 }]).success).toBe(true);
  });
  it("refuses positions off the table, amounts off the chips, none or too many bets", () => {
    expect(message([{ type: "number", value: 37, amount: 5 }])).toBe(ROULETTE_MESSAGES.betInvalid);
    expect(message([{ type: "column", value: 0, amount: 5 }])).toBe(ROULETTE_MESSAGES.betInvalid);
    expect(message([{ type: "color", value: "green", amount: 5 }])).toBe(
      ROULETTE_MESSAGES.betInvalid,
    );
    expect(message([{ type: "corner", value: 1, amount: 5 }])).toBe(ROULETTE_MESSAGES.betInvalid);
    expect(message([{ type: "number", value: 1, amount: 7 }])).toBe(
      ROULETTE_MESSAGES.amountInvalid,
    );
    expect(message([{ type: "number", value: 1, amount: 0 }])).toBe(
      ROULETTE_MESSAGES.amountInvalid,
    );
    expect(message([])).toBe(ROULETTE_MESSAGES.betsRequired);
    expect(message(Array(50).fill({ type: "number", value: 1, amount: 5 }))).toBe(
      ROULETTE_MESSAGES.tooManyBets,
    );
  });
  it("merges bets on one position", () => {
    expect(
      mergeBets([
        { type: "number", value: 1, amount: 5 },
        { type: "color", value: "red", amount: 10 },
        { type: "number", value: 1, amount: 25 },
      ]),
    ).toEqual([
      { type: "number", value: 1, amount: 30 },
      { type: "color", value: "red", amount: 10 },
    ]);
  });
});

describe("provably fair", () => {
  const nodeSha256 = async (data: Uint8Array) => createHash("sha256").update(data).digest();

  it("the commitment is the hex SHA-256 of the seed, the same with Web Crypto and node:crypto", async () => {
    const seed = "ab".repeat(32);
    const expected = createHash("sha256").update(seed).digest("hex");
    expect(await seedCommitment(seed)).toBe(expected);
    expect(await seedCommitment(seed, nodeSha256)).toBe(expected);
  });

  it("the number follows the documented derivation and is about uniform over 0..36", async () => {
    // By hand: the first byte of SHA-256("<seed>:0") below 222, mod 37.
    const seed = "seed-for-the-test";
    const bytes = createHash("sha256").update(`${seed}:0`).digest();
    const first = [...bytes].find((b) => b < 222) as number;
    expect(await numberFromSeed(seed)).toBe(first % 37);
    expect(await numberFromSeed(seed, nodeSha256)).toBe(first % 37);

    const counts = new Array(37).fill(0);
    for (let i = 0; i < 3700; i++) counts[await numberFromSeed(`s${i}`, nodeSha256)]++;
    for (const c of counts) {
      expect(c).toBeGreaterThan(50);
      expect(c).toBeLessThan(160);
    }
  });
});
