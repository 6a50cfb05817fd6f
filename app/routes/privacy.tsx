import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Callout, DataTable, InfoPage, Section, TableOfContents } from "~/components/info/InfoPage";
import { seo } from "~/lib/seo";
import { useRootData } from "~/root";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Privacy policy",
    description:
      "How Hemline handles your personal data under the GDPR: what we collect and why, legal bases, how long we keep it, our strictly necessary cookies, and your rights.",
  });


export default function Privacy() {
  // Analytics runs only where the shop configured it (FIREBASE_MEASUREMENT_ID); the page says which.
  const { analytics } = useRootData();
  return (
    <InfoPage
      eyebrow="Legal"
      title="Privacy policy"
      updated="November 2026"
      lead={
        <p>
          We collect only the personal data we need to run the shop and deliver your orders, we never sell it, and we
          do not track you across the web. This policy explains, in line with the EU General Data Protection
          Regulation (GDPR), what we process, why, and what your rights are.
        </p>
      }
    >
      <TableOfContents
        items={[
          { href: "#controller", label: "Who is responsible" },
          { href: "#data", label: "What data we process and why" },
          { href: "#recipients", label: "Who we share data with" },
          { href: "#transfers", label: "Transfers outside the EEA" },
          { href: "#retention", label: "How long we keep data" },
          { href: "#cookies", label: "Cookies" },
          { href: "#rights", label: "Your rights" },
          { href: "#security", label: "Security" },
          { href: "#contact", label: "Contact and complaints" },
        ]}
      />

      <Section id="controller" title="Who is responsible">
        <p>
          The controller responsible for processing your personal data is the company operating the Hemline online
          shop. Its full name and registered address are available from our customer care team. For any
          question about your data, or to exercise your rights, contact{" "}
          <Link to="/about#contact">our customer care team</Link> and mark your message “Privacy”.
        </p>
      </Section>

      <Section id="data" title="What data we process and why">
        <p>
          The table below lists each purpose, the data involved and the legal basis under Article 6(1) GDPR. We do not
          make decisions about you based solely on automated processing, and we do not build advertising profiles.
        </p>
        <DataTable
          caption="Purposes of processing, data involved and legal bases"
          columns={["Purpose", "Data", "Legal basis"]}
          rows={[
            {
              header: "Processing your order",
              cells: [
                "Name, delivery address, e-mail address, phone number if you give one (for the carrier), items ordered, order history",
                "Performance of a contract — Art. 6(1)(b)",
              ],
            },
            {
              header: "Payment",
              cells: [
                "Payment method, transaction ID and status. Card details go directly to our payment service provider; we never see them in full.",
                "Performance of a contract — Art. 6(1)(b)",
              ],
            },
            {
              header: "Delivery and returns",
              cells: [
                "Name, address, e-mail and phone number passed to the carrier; return and exchange details",
                "Performance of a contract — Art. 6(1)(b)",
              ],
            },
            {
              header: "Your customer account (if you create one)",
              cells: [
                "E-mail address, display name if you give one, password (stored only as a secure hash; none if you sign in with Google), order history",
                "Performance of a contract — Art. 6(1)(b)",
              ],
            },
            {
              header: "Customer care",
              cells: [
                "Your messages and the details you give us, linked to your order where relevant",
                "Contract — Art. 6(1)(b), or our legitimate interest in answering your questions — Art. 6(1)(f)",
              ],
            },
            {
              header: "Bookkeeping",
              cells: ["Order and payment records", "Legal obligation (tax and commercial law) — Art. 6(1)(c)"],
            },
            {
              header: "Running the shop securely",
              cells: [
                "Technical data such as IP address, browser type, pages requested and time of request, kept in server logs",
                "Legitimate interest in a secure, working service and in preventing fraud and abuse — Art. 6(1)(f)",
              ],
            },
            ...(analytics
              ? [
                  {
                    header: "Measuring how the shop is used",
                    cells: [
                      "Pages viewed, with the browser's device and approximate location, through Google Analytics for Firebase (see Cookies)",
                      "Our legitimate interest in improving the shop — Art. 6(1)(f)",
                    ],
                  },
                ]
              : []),
          ]}
        />
        <p>
          Providing the data needed for an order is necessary to conclude the contract; without it we cannot deliver.
          Everything else is optional.
        </p>
      </Section>

      <Section id="recipients" title="Who we share data with">
        <p>We share personal data only where it is needed for the purposes above, with:</p>
        <ul>
          <li>
            <strong>Carriers</strong>, who receive your name, delivery address and contact details to deliver your
            parcel and notify you about it;
          </li>
          <li>
            <strong>Our payment service provider</strong>, to process your payment and prevent fraud;
          </li>
          <li>
            <strong>Hosting, database and e-mail providers</strong>, who process data on our behalf under a data
            processing agreement (Art. 28 GDPR) and may not use it for their own purposes;
          </li>
          <li>
            <strong>Our tax advisers and auditors</strong>, and public authorities where the law requires it.
          </li>
        </ul>
        <p>We never sell your personal data or share it with advertisers.</p>
      </Section>

      <Section id="transfers" title="Transfers outside the EEA">
        <p>
          We prefer service providers that process data within the European Economic Area. Where a provider or one of
          its sub-processors is located outside the EEA, we transfer data only if the European Commission has decided
          that the country ensures an adequate level of protection (as for the United Kingdom and Switzerland), or on
          the basis of the EU Standard Contractual Clauses together with any additional safeguards needed. Parcels
          delivered to the UK, Switzerland or Norway necessarily involve sharing your delivery details with carriers
          and customs authorities there.
        </p>
      </Section>

      <Section id="retention" title="How long we keep data">
        <DataTable
          caption="Retention periods by type of data"
          columns={["Data", "How long we keep it"]}
          rows={[
            {
              header: "Orders and payment records",
              cells: ["For the period required by tax and commercial law — typically 6 to 10 years after the end of the year of the order"],
            },
            { header: "Customer account", cells: ["Until you delete your account or ask us to delete it"] },
            { header: "Customer care messages", cells: ["2 years after your case is closed, unless linked to an order that must be kept longer"] },
            { header: "Server logs", cells: ["14 days, longer only if needed to investigate a specific security incident"] },
            { header: "Session and cart cookies", cells: ["See the cookie table below"] },
          ]}
        />
      </Section>

      <Section id="cookies" title="Cookies">
        {analytics ? (
          <p>
            Hemline's own cookies are <strong>strictly necessary</strong>: they make the shop work — keeping your
            shopping bag and, if you sign in, your session. In addition, Google Analytics for Firebase sets its own
            cookies (see Analytics below). We do not use advertising cookies, social-media pixels or cross-site
            tracking.
          </p>
        ) : (
          <p>
            Hemline uses <strong>only strictly necessary cookies</strong>. They make the shop work — keeping your
            shopping bag and, if you sign in, your session — and they are exempt from consent under the ePrivacy
            rules. We do not use advertising cookies, social-media pixels or cross-site tracking, so there is no
            cookie banner to click away.
          </p>
        )}
        <DataTable
          caption="Cookies set by Hemline"
          columns={["Cookie", "Purpose", "Type and duration"]}
          rows={[
            {
              header: "Session cookie",
              cells: ["Keeps you signed in", "Strictly necessary, first-party, HttpOnly; ends when you sign out or after 14 days"],
            },
            {
              header: "Form protection cookie",
              cells: [
                "Protects forms against cross-site request forgery",
                "Strictly necessary, first-party, HttpOnly; ends when you close your browser",
              ],
            },
            {
              header: "Message cookie",
              cells: [
                "Carries a confirmation (such as “Your changes were saved”) to the next page",
                "Strictly necessary, first-party, HttpOnly; 1 minute",
              ],
            },
            {
              header: "Cart cookie",
              cells: [
                "Remembers the items in your shopping bag when you are not signed in; set only once you add something",
                "Strictly necessary, first-party, HttpOnly; up to 30 days",
              ],
            },
          ]}
        />
        <p>
          <strong>In your browser's storage.</strong> The products you recently viewed are remembered in your
          browser's local storage, to show them again on the next product page; they are never sent to us. You can
          clear them with your browser's site data.
        </p>
        {analytics ? (
          <p>
            <strong>Analytics.</strong> This shop counts page views with Google Analytics for Firebase, which sets
            first-party cookies (names starting with <code>_ga</code>, kept for up to 2 years) to tell visits apart. Google
            processes this data on our behalf; we see only aggregate statistics.
          </p>
        ) : (
          <p>
            <strong>Analytics.</strong> This shop does not run analytics: no page views are counted and no analytics
            cookies are set.
          </p>
        )}
        <p>
          You can delete or block cookies in your browser settings at any time. If you block the cookies above, your
          shopping bag and sign-in will not work.
        </p>
      </Section>

      <Section id="rights" title="Your rights">
        <p>Under the GDPR you have the right to:</p>
        <ul>
          <li>
            <strong>access</strong> the personal data we hold about you and receive a copy (Art. 15);
          </li>
          <li>
            have inaccurate data <strong>corrected</strong> (Art. 16);
          </li>
          <li>
            have your data <strong>erased</strong>, unless we must keep it, for example for tax purposes (Art. 17);
          </li>
          <li>
            <strong>restrict</strong> processing, for instance while we check a correction you asked for (Art. 18);
          </li>
          <li>
            receive data you gave us in a structured, machine-readable format and have it{" "}
            <strong>transferred</strong> to someone else (Art. 20);
          </li>
          <li>
            <strong>object</strong> at any time to processing based on our legitimate interests, on grounds relating
            to your particular situation (Art. 21);
          </li>
          <li>
            <strong>withdraw your consent</strong> at any time, without affecting the lawfulness of processing before
            the withdrawal (Art. 7(3));
          </li>
          <li>
            <strong>lodge a complaint</strong> with a data protection supervisory authority, in particular in the EU
            country where you live or work (Art. 77).
          </li>
        </ul>
        <p>
          To use any of these rights, contact <Link to="/about#contact">our customer care team</Link>. We reply within
          one month, and may ask you to confirm your identity before we disclose or delete anything.
        </p>
      </Section>

      <Section id="security" title="Security">
        <p>
          Every page of the shop is served over an encrypted HTTPS connection. Access to customer data is limited to the
          staff who need it for their work, passwords are stored only as salted hashes, and our systems are kept up to
          date. No system is perfectly secure, but if a breach ever put your data at risk, we would inform you and the
          supervisory authority as the law requires.
        </p>
      </Section>

      <Section id="contact" title="Contact and complaints">
        <p>
          Questions, requests or concerns about your data? Write to{" "}
          <Link to="/about#contact">our customer care team</Link>. If you are not satisfied with our answer, you can
          complain to the data protection authority of your country; the European Data Protection Board lists all
          national authorities on its website.
        </p>
        <Callout>
          <p>
            We may update this policy when our services or the law change. The date at the top shows when it was last
            revised. See also our <Link to="/terms">terms of sale</Link>.
          </p>
        </Callout>
      </Section>
    </InfoPage>
  );
}
