import { describe, expect, it } from "vitest";
import type { SavedAddress } from "~/domain/saved-address";
import { createAddressBookService } from "~/server/services/accounts/address-book.server";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

const address = (overrides: Partial<SavedAddress> = {}): SavedAddress => ({
  id: "a1",
  name: "Ada Shopper",
  line1: "12 Grafton Street",
  line2: "",
  city: "Dublin",
  postalCode: "D02 X285",
  country: "IE",
  phone: "",
  isDefault: false,
  createdAt: "2026-11-01T10:00:00.000Z",
  ...overrides,
});

describe.each(STORE_ADAPTERS)("AddressStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("keeps each shopper's addresses apart, the default first and then oldest first", async () => {
    await db.store.addresses.save("u1", address({ id: "a1", createdAt: "2026-11-01T10:00:00.000Z" }));
    await db.store.addresses.save(
      "u1",
      address({ id: "a2", city: "Cork", createdAt: "2026-11-02T10:00:00.000Z", isDefault: true }),
    );
    await db.store.addresses.save("u1", address({ id: "a3", createdAt: "2026-11-03T10:00:00.000Z" }));
    await db.store.addresses.save("u2", address({ id: "a1", name: "Someone Else" }));
    expect((await db.store.addresses.list("u1")).map((a) => a.id)).toEqual(["a2", "a1", "a3"]);
    expect(await db.store.addresses.get("u1", "a2")).toEqual(
      address({ id: "a2", city: "Cork", createdAt: "2026-11-02T10:00:00.000Z", isDefault: true }),
    );
    expect((await db.store.addresses.get("u2", "a1"))?.name).toBe("Someone Else");
    expect(await db.store.addresses.get("u2", "a2")).toBeNull();
  });

  it("keeps at most one default: saving or choosing a default clears the others", async () => {
    await db.store.addresses.save("u1", address({ id: "a1", isDefault: true }));
    await db.store.addresses.save("u1", address({ id: "a2", isDefault: true, createdAt: "2026-11-02T10:00:00.000Z" }));
    expect((await db.store.addresses.list("u1")).filter((a) => a.isDefault).map((a) => a.id)).toEqual(["a2"]);
    expect(await db.store.addresses.setDefault("u1", "a1")).toBe(true);
    expect((await db.store.addresses.list("u1")).map((a) => [a.id, a.isDefault])).toEqual([
      ["a1", true],
      ["a2", false],
    ]);
    expect(await db.store.addresses.setDefault("u1", "nope")).toBe(false);
    expect((await db.store.addresses.list("u1")).filter((a) => a.isDefault).map((a) => a.id)).toEqual(["a1"]);
  });

  it("replaces an address in place and deletes one", async () => {
    await db.store.addresses.save("u1", address());
    await db.store.addresses.save("u1", address({ line1: "1 New Street", phone: "+353 1 234 5678" }));
    expect(await db.store.addresses.list("u1")).toEqual([address({ line1: "1 New Street", phone: "+353 1 234 5678" })]);
    expect(await db.store.addresses.delete("u1", "a1")).toBe(true);
    expect(await db.store.addresses.delete("u1", "a1")).toBe(false);
    expect(await db.store.addresses.list("u1")).toEqual([]);
  });

  it("through the service: the first address is the default, and deleting the default passes it to the oldest left", async () => {
    let clock = Date.parse("2026-11-01T10:00:00.000Z");
    const book = createAddressBookService({
      store: db.store,
      delivers: async () => true,
      now: () => new Date((clock += 1000)),
    });
    const first = await book.add("u1", address({ postalCode: "d02 x285" }));
    const second = await book.add("u1", address({ city: "Cork" }));
    const third = await book.add("u1", address({ city: "Galway" }));
    if (!first.ok || !second.ok || !third.ok) throw new Error("not added");
    expect(first.address).toMatchObject({ isDefault: true, postalCode: "D02 X285" });
    expect(second.address.isDefault).toBe(false);
    await book.remove("u1", first.address.id);
    expect((await book.list("u1")).map((a) => [a.city, a.isDefault])).toEqual([
      ["Cork", true],
      ["Galway", false],
    ]);
    expect(await book.remove("u2", third.address.id)).toMatchObject({ ok: false, status: 404 });
    expect(await book.update("u2", third.address.id, address())).toMatchObject({ ok: false, status: 404 });
  });

  it("through the service: a country no shipping zone holds is refused at that field, and nothing is saved", async () => {
    const book = createAddressBookService({ store: db.store, delivers: async (country) => country !== "AU" });
    const added = await book.add("u1", address({ country: "AU" }));
    expect(added).toEqual({ ok: false, error: "Choose a country we deliver to.", status: 400, field: "country" });
    expect(await book.list("u1")).toEqual([]);
    const kept = await book.add("u1", address({ country: "CA" }));
    if (!kept.ok) throw new Error("not added");
    expect(await book.update("u1", kept.address.id, address({ country: "AU" }))).toMatchObject({
      ok: false,
      status: 400,
    });
    expect((await book.get("u1", kept.address.id))?.country).toBe("CA");
  });
});
