import { Link as RouterLink } from 'react-router';
import { LegalDocument, type LegalSection } from './LegalDocument';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'service',
    heading: 'The service',
    body: (
      <p>
        Artshop sells digital copies of AI-generated pictures, gift cards and a prepaid balance, and
        lets registered customers generate their own images. These terms apply to every use of the
        shop and every purchase. By creating an account or placing an order you accept them.
      </p>
    ),
  },
  {
    id: 'account',
    heading: 'Your account',
    body: (
      <p>
        You need an account to buy or generate images. Keep your password to yourself: you are
        responsible for what is done with your account. Tell us at once through the{' '}
        <RouterLink className="text-link" to="/contact">
          contact form
        </RouterLink>{' '}
        if you think someone else is using it.
      </p>
    ),
  },
  {
    id: 'prices',
    heading: 'Prices and currencies',
    body: (
      <p>
        Our prices are set in euros. When you choose another currency, prices are converted with a
        current exchange rate and rounded to the smallest unit of that currency. The price shown
        when you place an order is the price you pay; the exchange rate is fixed with the order.
        Changing the currency empties your cart, because its prices were quoted in the old one.
      </p>
    ),
  },
  {
    id: 'orders',
    heading: 'Orders and payment',
    body: (
      <>
        <p>
          An order is binding once you confirm it and the payment succeeds. You pay through our
          payment provider or from your prepaid balance. An order that is not paid within 30 minutes
          expires.
        </p>
        <p>
          Exclusive pictures are sold only once. While an order for one is waiting for payment, it
          is reserved for you; after payment it leaves the gallery and belongs to you alone.
        </p>
      </>
    ),
  },
  {
    id: 'licences',
    heading: 'What you may do with a picture',
    body: (
      <ul>
        <li>
          <strong>HD and 4K, personal licence:</strong> print, display and share the picture for
          private, non-commercial purposes.
        </li>
        <li>
          <strong>8K, commercial licence:</strong> also use it in products, marketing and
          publications of your business.
        </li>
        <li>
          <strong>Exclusive:</strong> commercial use, and no one else can buy the picture after you.
        </li>
      </ul>
    ),
  },
  {
    id: 'delivery',
    heading: 'Delivery and right of withdrawal',
    body: (
      <p>
        Pictures are delivered as downloads in your account as soon as the payment is confirmed, and
        you can download them again later. Because the content is delivered immediately at your
        request, you agree that the right of withdrawal for digital content ends when the download
        becomes available. If a file is faulty, contact us and we will replace it or refund you.
      </p>
    ),
  },
  {
    id: 'balance',
    heading: 'Prepaid balance',
    body: (
      <p>
        You can top up your balance by payment or by redeeming a gift card, and spend it on orders
        and image generation. The balance bears no interest, cannot be transferred to another
        account and is not paid out in cash, except where the law requires it.
      </p>
    ),
  },
  {
    id: 'gift-cards',
    heading: 'Gift cards',
    body: (
      <p>
        A gift card you buy is delivered as a card number in your order history and by e-mail.
        Whoever holds the number can redeem it once, which adds its value to their balance. Keep the
        number safe: we cannot replace a number that someone else has already redeemed.
      </p>
    ),
  },
  {
    id: 'generated-images',
    heading: 'Generating images',
    body: (
      <p>
        A number of free images a day may be included; beyond that, each generated image is charged
        to your balance at the price shown on the Generate page. You may use the images you generate
        under the personal and commercial terms above. Do not ask for images that break the law or
        infringe the rights of others; we may refuse such requests and close accounts that make
        them.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <p>
        Do not try to get around payment, access other customers&apos; data, overload the shop or
        resell the pictures as stock images. We may suspend accounts that do.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Liability',
    body: (
      <p>
        We take care to keep the shop available and correct but cannot promise that it is free of
        interruptions. We are liable without limit for intent and gross negligence and as the law
        requires; otherwise our liability is limited to the amount of the order concerned.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes and contact',
    body: (
      <p>
        We may change these terms for future orders; the version shown when you order applies to
        that order. Questions and complaints go through the{' '}
        <RouterLink className="text-link" to="/contact">
          contact form
        </RouterLink>
        . Our handling of personal data is described in the{' '}
        <RouterLink className="text-link" to="/privacy-policy">
          privacy policy
        </RouterLink>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms and conditions"
      lastUpdated="22 November 2026"
      introduction={<p>These terms govern buying from and using Artshop.</p>}
      sections={SECTIONS}
    />
  );
}
