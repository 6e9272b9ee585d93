import { Link as RouterLink } from 'react-router';
import { LegalDocument, type LegalSection } from './LegalDocument';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <p>
        Artshop (&quot;we&quot;, &quot;us&quot;) runs this online shop and gallery of AI-generated
        art. We are responsible for the personal data described in this policy. You can reach us at
        any time through the{' '}
        <RouterLink className="text-link" to="/contact">
          contact form
        </RouterLink>
        .
      </p>
    ),
  },
  {
    id: 'account',
    heading: 'Your account',
    body: (
      <>
        <p>
          To register you give us your e-mail address and a password. We keep the e-mail address to
          sign you in and to write to you about your account and orders. We never store your
          password itself, only a one-way hash of it (Argon2id), so nobody, including us, can read
          it.
        </p>
        <p>
          Signing in gives your browser a short-lived access token and a refresh token. We keep only
          a hash of the refresh token, so that we can end a session, for example when you change
          your password.
        </p>
        <p>
          You may add your first and last name and billing details (country, state, city, address
          and postal code) in your account; we need them for invoices and payments.
        </p>
      </>
    ),
  },
  {
    id: 'orders-and-payments',
    heading: 'Orders and payments',
    body: (
      <>
        <p>
          When you place an order we store what you bought, the price and currency you saw, your
          billing details and the time of the order, because tax and accounting law requires us to
          keep these records.
        </p>
        <p>
          Card payments are handled by our payment provider on its own secure page. Your card
          details go straight to the provider and never reach us. To let your bank check that the
          payment is really yours (3-D Secure), the order also carries basic browser information:
          your preferred language, screen size, time zone and browser name.
        </p>
      </>
    ),
  },
  {
    id: 'balance-and-gift-cards',
    heading: 'Prepaid balance and gift cards',
    body: (
      <p>
        If you top up your prepaid balance, redeem a gift card or pay from your balance, we keep a
        record of each movement (amount, currency, exchange rate and date) so that your balance can
        always be explained. Gift card numbers you buy are stored with your order and shown in your
        order history; a gift card can be redeemed once.
      </p>
    ),
  },
  {
    id: 'generated-images',
    heading: 'Images you generate',
    body: (
      <p>
        When you generate images we store the prompt, the chosen style, aspect ratio and seed, and
        the resulting images, so that you can download them again from your account. We do not use
        your prompts for advertising and we do not sell them.
      </p>
    ),
  },
  {
    id: 'email',
    heading: 'E-mail',
    body: (
      <p>
        We send e-mail only when it is needed: password reset codes, notices that your password was
        changed, order and gift card confirmations, and answers to your support requests. We do not
        send newsletters unless you ask for them.
      </p>
    ),
  },
  {
    id: 'support',
    heading: 'Support requests',
    body: (
      <p>
        When you contact us we keep your name, e-mail address, the topic and your message so that we
        can answer and follow up.
      </p>
    ),
  },
  {
    id: 'storage',
    heading: 'Cookies and browser storage',
    body: (
      <>
        <p>
          We use no advertising or tracking cookies. When you first visit, a banner asks which kinds
          of storage you allow; you can change your choice at any time with &quot;Cookie
          settings&quot; at the bottom of every page. Until you allow more, only what is essential
          is stored.
        </p>
        <p>Essential, always on, because the shop cannot work without it:</p>
        <ul>
          <li>
            in local storage: <code>cart</code> and <code>gift-card</code> (your cart),{' '}
            <code>currency</code> (the currency you chose, in which your cart&apos;s prices are
            quoted), <code>accepted-privacy</code> (that you made a choice),{' '}
            <code>granted-consents</code> and <code>rejected-consents</code> (the kinds of storage
            you allowed and refused) and <code>orders</code> (a short-lived copy of your order
            list);
          </li>
          <li>
            in session storage, deleted when you close the tab: <code>jwtToken</code> and{' '}
            <code>refreshToken</code> (your sign-in) and <code>last-auto-reload</code> (which stops
            the page from reloading itself in a loop after an update).
          </li>
        </ul>
        <p>Only with your consent:</p>
        <ul>
          <li>
            preferences: the <code>locale</code> cookie with your language, kept for 365 days;
          </li>
          <li>statistics: anonymous counts of visits. We keep none at present.</li>
        </ul>
        <p>Refusing a kind of storage also removes what it had stored before.</p>
        <p>
          Logging out removes the sign-in tokens. You can clear everything in your browser settings.
        </p>
      </>
    ),
  },
  {
    id: 'logs-and-security',
    heading: 'Server logs and security',
    body: (
      <p>
        Our server logs each request with its time, address and outcome, to keep the shop secure and
        to find faults. We also count failed sign-in attempts and similar events per address to stop
        abuse. Logs are kept only as long as needed for these purposes.
      </p>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who else sees your data',
    body: (
      <p>
        We share data only with the services that help us run the shop: the payment provider for
        payments and, where used, our e-mail provider for sending messages. We do not sell personal
        data.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep data',
    body: (
      <p>
        Account data stays while your account exists. Order and payment records are kept for as long
        as accounting law requires. Support requests are kept while they are relevant to you.
      </p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <p>
        You can ask us to show, correct or delete your personal data, to restrict its use, or to
        hand it to you in a portable form. You may also object to its use and complain to a data
        protection authority. Write to us through the contact form and we will answer within one
        month.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>
        If we change this policy we will publish the new version here with a new date, and tell
        registered customers by e-mail about important changes.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy policy"
      lastUpdated="22 November 2026"
      introduction={
        <p>
          This policy explains which personal data Artshop collects when you browse, buy or generate
          art, why we need it and what rights you have.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
