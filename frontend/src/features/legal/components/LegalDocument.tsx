import type { ReactNode } from 'react';
import { Page } from '@/components/Page';
import './LegalDocument.css';

export interface LegalSection {
  /** Anchor, so that other pages can link to one section (e.g. /privacy-policy#storage). */
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  lastUpdated: string;
  introduction: ReactNode;
  sections: readonly LegalSection[];
}

export function LegalDocument({ title, lastUpdated, introduction, sections }: LegalDocumentProps) {
  return (
    <Page title={title} maxWidth="md">
      <p className="type-body2 text-secondary type-gutter-bottom">Last updated: {lastUpdated}</p>
      <div className="type-body1 mb-3">{introduction}</div>
      <nav aria-label="Contents" className="legal__contents">
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-link">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className="legal__section">
          <h2 className="type-h6 type-gutter-bottom">
            {index + 1}. {section.heading}
          </h2>
          <div className="type-body1 legal__body">{section.body}</div>
        </section>
      ))}
    </Page>
  );
}
