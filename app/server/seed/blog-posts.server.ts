import { excerptFrom, readingMinutes } from "~/lib/blog";
import type { PostInput } from "~/domain/post";

// The demo blog: six posts so /blog is alive on a fresh start. Dates are relative to the
// seeding moment (one post every nine days back), so every seeded post is already public.

interface SeedPost {
  slug: string;
  title: string;
  tags: string[];
  cover: { url: string; alt: string };
  body: string;
}

const POSTS: SeedPost[] = [
  {
    slug: "autumn-winter-collection-2026",
    title: "Introducing the Autumn/Winter 2026 collection",
    tags: ["new-collection", "knitwear", "jackets"],
    cover: { url: "/media/v1/jackets/flat/3f5e4a.svg", alt: "A forest-green jacket laid flat" },
    body: `Our new collection is built around three ideas: **warm layers**, **deep colours** and **pieces that last for years**.

## What is new

- **Wool-blend jackets** in forest green, camel and navy, lined with recycled polyester.
- **Chunky knit sweaters** in undyed merino, finished by hand.
- **Relaxed straight jeans** in a heavier 13 oz denim that softens with every wear.

## Colours of the season

Forest green, burgundy and oatmeal sit well together, and with the black, navy and grey you already own. Every piece is designed to be worn with at
least three others from the collection.

Browse the [jackets](/products?category=jackets) and [sweaters](/products?category=sweaters) to see the full range.`,
  },
  {
    slug: "how-to-wash-wool-and-cashmere",
    title: "How to wash wool and cashmere without ruining it",
    tags: ["care-tips", "knitwear"],
    cover: { url: "/media/v1/sweaters/flat/d8d0c4.svg", alt: "An oatmeal sweater laid flat" },
    body: `Wool and cashmere need far less washing than you think. Airing a sweater overnight removes most smells.

## When you do wash

1. Turn the garment inside out.
2. Use cool water (30 °C at most) and a wool detergent.
3. Hand wash, or use the wool programme at a low spin.
4. **Never wring**: roll it in a towel and press the water out.
5. Dry flat, away from radiators and sunlight.

## Pilling

Small bobbles are normal on new knitwear. Remove them with a fabric comb once the sweater is dry.

## Storing

Fold knits, never hang them: hangers stretch the shoulders. A cedar block keeps moths away. See our [care guide](/care-guide) for every fabric we use.`,
  },
  {
    slug: "five-ways-to-style-a-white-t-shirt",
    title: "Five ways to style a white t-shirt",
    tags: ["styling", "t-shirts"],
    cover: { url: "/media/v1/t-shirts/flat/e4c9b6.svg", alt: "A plain t-shirt laid flat" },
    body: `The plain white t-shirt is the most useful thing in a wardrobe. Here are five outfits built on one.

1. **Weekend classic**: straight jeans, white trainers, a denim jacket.
2. **Smart casual**: tucked into tailored trousers with a navy blazer and loafers.
3. **Summer dress-down**: knotted over a midi slip skirt with sandals.
4. **Layered**: under an open flannel shirt with dark jeans and boots.
5. **Sporty**: with wide-leg joggers and a cropped puffer jacket.

> Buy one size up for a relaxed drape, or your usual size for a clean fit under jackets.

Find your size in the [size guide](/size-guide#t-shirts).`,
  },
  {
    slug: "finding-your-perfect-jeans-fit",
    title: "Finding your perfect jeans fit",
    tags: ["styling", "jeans", "fit"],
    cover: { url: "/media/v1/jeans/flat/1f3a5f.svg", alt: "Dark blue jeans laid flat" },
    body: `Slim, straight, relaxed or wide: the right cut depends on your build and on what you wear with it.

## The cuts

- **Slim**: close through the thigh and leg. Best with short jackets and trainers.
- **Straight**: the same width from knee to hem. Works with almost everything.
- **Relaxed**: roomy through the seat and thigh, tapering slightly.
- **Wide leg**: generous from the hip down; pair with a fitted top.

## Measure once

Measure your waist at the narrowest point and your inside leg from crotch to ankle. Compare with our [size guide](/size-guide#jeans) before you
order: it saves a return.

Raw and rigid denim stretches about half a size with wear, so choose a snug fit.`,
  },
  {
    slug: "caring-for-leather-shoes",
    title: "Caring for leather shoes: a ten-minute routine",
    tags: ["care-tips", "shoes"],
    cover: { url: "/media/v1/shoes/flat/c8a27a.svg", alt: "Tan leather shoes" },
    body: `Good leather shoes last a decade with ten minutes of care a month.

## The routine

1. Remove laces and brush off dust with a horsehair brush.
2. Wipe with a damp cloth and let the leather dry at room temperature.
3. Apply a thin layer of cream polish in small circles.
4. Leave it for five minutes, then buff to a soft shine.

## Between wears

Use cedar shoe trees: they absorb moisture and keep the shape. Rotate pairs so each gets a day's rest.

Caught in the rain? Stuff the shoes with newspaper and let them dry slowly, **never on a radiator**.`,
  },
  {
    slug: "building-a-capsule-wardrobe",
    title: "Building a capsule wardrobe in ten pieces",
    tags: ["styling", "capsule-wardrobe"],
    cover: { url: "/media/v1/dresses/flat/7a2e3b.svg", alt: "A burgundy dress laid flat" },
    body: `A capsule wardrobe is a small set of clothes that all work together. Fewer pieces, more outfits.

## The ten pieces

| Piece | Why |
| --- | --- |
| White t-shirt | The base of most outfits |
| Striped long-sleeve | Adds pattern without effort |
| Merino sweater | Warm, light, layers well |
| Straight jeans | Dress up or down |
| Tailored trousers | For work and dinners |
| Midi dress | One piece, one outfit |
| Denim jacket | Three seasons of use |
| Wool coat | The winter layer |
| White trainers | Everyday shoes |
| Leather boots | Smart and weatherproof |

Stick to two neutral colours and one accent. Every new piece should go with at least three you already own.`,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export function buildSeedPosts(now: Date = new Date()): PostInput[] {
  return POSTS.map((p, i) => {
    const date = new Date(now.getTime() - (i * 9 + 1) * DAY_MS).toISOString();
    return {
      id: `seed-${String(i + 1).padStart(2, "0")}`,
      slug: p.slug,
      title: p.title,
      excerpt: excerptFrom(p.body),
      body: p.body,
      cover: p.cover,
      tags: p.tags,
      status: "published",
      publishAt: date,
      readingMinutes: readingMinutes(p.body),
      createdAt: date,
      updatedAt: date,
    };
  });
}
