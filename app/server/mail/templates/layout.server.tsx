import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";

/** Who the e-mail is from: every template signs with the shop's name and its support address. */
export interface ShopIdentity {
  shopName: string;
  supportEmail: string;
  /** The shop's public origin, for links ("https://shop.example.com"). */
  origin: string;
}

const page = { backgroundColor: "#f5f5f4", fontFamily: "Helvetica, Arial, sans-serif", color: "#1c1917" };
const card = {
  backgroundColor: "#ffffff",
  margin: "24px auto",
  padding: "32px",
  maxWidth: "560px",
  borderRadius: "8px",
};

/** The frame of every shop e-mail: the shop's name on top, the support address at the foot. */
export function MailLayout({ shop, preview, children }: { shop: ShopIdentity; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ fontSize: "22px", fontWeight: 700, margin: "0 0 16px" }}>{shop.shopName}</Text>
          {children}
          <Hr style={{ borderColor: "#e7e5e4", margin: "24px 0" }} />
          <Text style={{ fontSize: "12px", color: "#57534e" }}>
            Questions? Write to <Link href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</Link> — {shop.shopName}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A call to action as a link on a line of its own (it reads well in the text part too). */
export function ActionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "16px 0" }}>
      <Link
        href={href}
        style={{
          backgroundColor: "#1c1917",
          color: "#ffffff",
          padding: "10px 18px",
          borderRadius: "6px",
          display: "inline-block",
        }}
      >
        {children}
      </Link>
    </Section>
  );
}

export const paragraph = { fontSize: "15px", lineHeight: "24px", margin: "12px 0" };
