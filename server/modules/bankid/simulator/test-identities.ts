/**
 * The simulator's test identities: made-up Swedish personal numbers with a valid check digit and
 * invented names. They exist only inside the simulator; for BankID's own test service use the
 * test BankIDs that BankID and Skatteverket publish.
 */
export interface TestIdentity {
  personalNumber: string;
  givenName: string;
  surname: string;
}

export const TEST_IDENTITIES: readonly TestIdentity[] = [
  { personalNumber: "198112289874", givenName: "Astrid", surname: "Testsson" },
  { personalNumber: "199006242383", givenName: "Karin", surname: "Provberg" },
  { personalNumber: "197909269396", givenName: "Nils", surname: "Exempelsson" },
  { personalNumber: "200001022391", givenName: "Sara", surname: "Simulatorsdotter" },
  { personalNumber: "195210209390", givenName: "Gustav", surname: "Demoström" },
];

/** Luhn check of the ten last digits (YYMMDDNNNC), as personal numbers are checked. */
export function isValidPersonalNumber(value: string): boolean {
  if (!/^(19|20)\d{10}$/.test(value)) return false;
  const digits = value.slice(2).split("").map(Number);
  const sum = digits.reduce((acc, digit, i) => {
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    return acc + (weighted > 9 ? weighted - 9 : weighted);
  }, 0);
  return sum % 10 === 0;
}

/** The identity of a personal number: a listed one, or a generic test name for another valid number. */
export function identityFor(personalNumber: string): TestIdentity {
  return (
    TEST_IDENTITIES.find((identity) => identity.personalNumber === personalNumber) ?? {
      personalNumber,
      givenName: "Test",
      surname: `Person ${personalNumber.slice(-4)}`,
    }
  );
}

/** A random valid personal number (born 1950–1999), for tests that need an identity of their own. */
export function randomTestPersonalNumber(): string {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const year = 1950 + Math.floor(Math.random() * 50);
  const month = 1 + Math.floor(Math.random() * 12);
  const day = 1 + Math.floor(Math.random() * 28);
  const serial = Math.floor(Math.random() * 1000);
  const base = `${year}${pad(month, 2)}${pad(day, 2)}${pad(serial, 3)}`;
  for (let check = 0; check < 10; check++) {
    if (isValidPersonalNumber(`${base}${check}`)) return `${base}${check}`;
  }
  throw new Error("unreachable: one check digit always fits");
}
