import { formatDayRange, formatTimeRange } from '#common/event-time.ts';
import { mailto, type PageLayout, type PartnerPageContentInput } from '#common/partner-pages.ts';
import { longDate } from '#common/time-range.ts';
import { shiftDate, shiftInstant } from './demo-dates.ts';

export type SeedPage = { slug: string; benefitId: string | null; layout: PageLayout; content: PartnerPageContentInput };

// Contacts use reserved .example domains, as in the catalogue: the demo never mails a real partner.
const CONCIERGE = 'concierge@passportal.example';
const CAPELLA_RESTAURANT = 'restaurant@capella.example';
const CAPELLA_SPA = 'spa@capella.example';
const ELYX_CONTACT = {
  email: 'rsvp@elyx.example',
  phoneDisplay: '+65 6800 0000',
  phoneHref: 'tel:+6568000000',
  bookingUrl: 'https://elyx.example/book',
} as const;
export const ELYX_TERMS_SLUG = 'elyx-life-terms';
const SGT = 'Asia/Singapore';
const art = (benefitId: string) => `/art/${benefitId}.svg`;

const SIGN_OFF = [
  '',
  'Name:',
  'Phone:',
  '',
  'I am a Special Access Pass holder for conference week in Singapore.',
  '',
  'Thank you.',
];

/**
 * The nine partner pages and the Elyx terms page of the spec, as data (decision 010); dated text is written by the one
 * formatter from the spec's days moved by `shiftDays` (seed/demo-dates.ts), like the catalogue's.
 */
export function demoPartnerPages(shiftDays = 0): SeedPage[] {
  const day = (date: string) => shiftDate(date, shiftDays);
  const at = (iso: string) => shiftInstant(new Date(`${iso}Z`), shiftDays);
  const days = (first: string, last: string) => formatDayRange(day(first), day(last));
  const once = (date: string) => days(date, date);
  const when = (start: string, end: string) => formatTimeRange(at(start), at(end), SGT);
  const month = (date: string) =>
    new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day(date)}T12:00:00Z`),
    );
  const pages: SeedPage[] = [
    {
      slug: 'capella-day-pass',
      benefitId: 'capella-day-pass',
      layout: 'partner',
      content: {
        eyebrow: 'Hotel day pass',
        title: 'Capella Singapore Day Pass',
        subtitle:
          'A complimentary day at the hotel for Special Access Pass holders, with pool access and 15% off dining and spa.',
        heroImage: art('capella-day-pass'),
        sections: [
          {
            heading: 'Your day pass',
            paragraphs: [
              'Spend a day away from the conference floor: your complimentary day pass includes access to the pool, and 15% off dining and spa treatments at the hotel.',
              'Advance reservation is required. Book a table or a treatment with the buttons below and the hotel will confirm by e-mail.',
            ],
            facts: [
              { label: 'Pool', value: 'Complimentary day pass with pool access' },
              { label: 'Dining and spa', value: '15% off' },
              { label: 'Valid', value: `${longDate(day('2025-09-29'))} to ${longDate(day('2025-10-03'))}` },
              { label: 'Reservation', value: 'Advance reservation required' },
            ],
          },
        ],
        buttons: [
          {
            type: 'mail',
            label: 'Book Restaurant',
            href: mailto(CAPELLA_RESTAURANT, 'Special Access Pass: restaurant reservation', [
              'Dear Capella dining team,',
              '',
              'I would like to reserve a table with the Special Access Pass 15% dining offer.',
              '',
              'Preferred date:',
              'Preferred time:',
              'Number of guests:',
              ...SIGN_OFF,
            ]),
          },
          {
            type: 'mail',
            label: 'Book Spa',
            href: mailto(CAPELLA_SPA, 'Special Access Pass: spa reservation', [
              'Dear Capella spa team,',
              '',
              'I would like to book a treatment with the Special Access Pass 15% spa offer.',
              '',
              'Preferred date:',
              'Preferred time:',
              'Treatment:',
              ...SIGN_OFF,
            ]),
          },
        ],
      },
    },
    {
      slug: 'elyx-life',
      benefitId: 'elyx-life',
      layout: 'partner',
      content: {
        eyebrow: 'Longevity',
        title: 'Elyx Life',
        subtitle: 'Priority at the Biohack Lounge during the conference, then a full diagnostics session after it.',
        heroImage: art('elyx-life'),
        sections: [
          {
            heading: 'During the conference',
            paragraphs: ['Skip the queue at the Biohack Lounge with priority access to its recovery sessions.'],
            facts: [
              { label: 'Access', value: 'Priority at the Biohack Lounge' },
              { label: 'Therapies', value: 'Cryo, hyperbaric oxygen and red light' },
            ],
          },
          {
            heading: 'After the conference',
            paragraphs: [
              'Book your diagnostics at Elyx: a DEXA scan for body composition and VO2 Max testing for cardiorespiratory fitness.',
            ],
            facts: [
              { label: 'Diagnostics', value: 'DEXA scan and VO2 Max' },
              { label: 'Redeem by', value: once('2026-03-31') },
            ],
          },
        ],
        buttons: [
          {
            type: 'mail',
            label: 'Book Your Session',
            href: mailto(ELYX_CONTACT.email, 'Special Access Pass: Elyx Life session', [
              'Dear Elyx team,',
              '',
              'I would like to book my Special Access Pass session.',
              '',
              'Session (Biohack Lounge, DEXA scan or VO2 Max):',
              'Preferred date:',
              'Preferred time:',
              ...SIGN_OFF,
            ]),
          },
          { type: 'tel', label: `Call ${ELYX_CONTACT.phoneDisplay}`, href: ELYX_CONTACT.phoneHref },
          { type: 'external', label: 'Book Online', href: ELYX_CONTACT.bookingUrl },
          { type: 'internal', label: 'Terms and Conditions', href: `/${ELYX_TERMS_SLUG}`, newTab: true },
        ],
      },
    },
    {
      slug: 'speakers-reception',
      benefitId: 'speakers-reception',
      layout: 'partner',
      content: {
        eyebrow: `Event · ${once('2025-09-30')}`,
        title: 'Speakers’ Reception',
        subtitle: 'An intimate evening with the speakers of the week, before the main stage days begin.',
        heroImage: art('speakers-reception'),
        sections: [
          {
            paragraphs: [
              'Join the conference speakers for drinks and conversation at a hotel restaurant in Singapore. RSVP by e-mail and the organiser will confirm your place.',
            ],
            facts: [
              { label: 'When', value: when('2025-09-30T11:00:00', '2025-09-30T15:00:00') },
              { label: 'Venue', value: 'The Grill Room, Orchard Hotel Singapore' },
            ],
          },
        ],
        buttons: [
          {
            type: 'mail',
            label: 'RSVP NOW',
            href: mailto(CONCIERGE, `RSVP: Speakers’ Reception, ${once('2025-09-30')}`, [
              'Dear organiser,',
              '',
              `I would like to attend the Speakers’ Reception on ${when('2025-09-30T11:00:00', '2025-09-30T15:00:00')}.`,
              ...SIGN_OFF,
            ]),
          },
        ],
      },
    },
    {
      slug: 'wristcheck',
      benefitId: 'wristcheck',
      layout: 'partner',
      content: {
        eyebrow: 'Partner offer',
        title: 'Wristcheck',
        subtitle: 'Up to USD 2,000 off your first purchase on the watch marketplace, plus a welcome gift.',
        heroImage: art('wristcheck'),
        sections: [
          {
            paragraphs: [
              'Claim your offer by e-mail and the Wristcheck team will send your personal code and arrange your welcome gift.',
              'Terms apply.',
            ],
            facts: [
              { label: 'Offer', value: 'Up to USD 2,000 off your first purchase' },
              { label: 'Gift', value: 'A welcome gift' },
            ],
          },
        ],
        buttons: [
          {
            type: 'mail',
            label: 'Claim Your Offer',
            href: mailto('offers@wristcheck.example', 'Special Access Pass: Wristcheck offer', [
              'Dear Wristcheck team,',
              '',
              'I would like to claim the Special Access Pass offer: up to USD 2,000 off my first purchase and a welcome gift.',
              ...SIGN_OFF,
            ]),
          },
        ],
      },
    },
    {
      slug: 'national-gallery',
      benefitId: 'national-gallery',
      layout: 'partner',
      content: {
        eyebrow: 'Art and culture',
        title: 'National Gallery Singapore',
        subtitle: 'A complimentary gallery pass during conference week, and an invitation to the opening night.',
        heroImage: art('national-gallery'),
        sections: [
          {
            paragraphs: [
              `Explore the gallery with a complimentary pass during conference week, then return as a guest of the opening night on ${once('2025-11-13')}.`,
              'Passes and seats are limited and allocated first come, first served.',
            ],
            facts: [
              { label: 'Gallery pass', value: `Complimentary, conference week ${days('2025-09-29', '2025-10-04')}` },
              { label: 'Opening night', value: when('2025-11-13T11:00:00', '2025-11-13T14:00:00') },
              {
                label: 'Availability',
                value: 'Limited to {national-gallery-pass} passes and {national-gallery-invitation} seats',
              },
              { label: 'Allocation', value: 'First come, first served' },
            ],
          },
        ],
        buttons: [
          {
            type: 'mail',
            label: 'Secure Your Invitation',
            href: mailto('invitations@gallery.example', 'Special Access Pass: gallery pass and opening night', [
              'Dear National Gallery Singapore team,',
              '',
              'I would like to secure (please keep what applies):',
              '- a complimentary gallery pass for conference week',
              `- a seat at the opening night on ${once('2025-11-13')}`,
              ...SIGN_OFF,
            ]),
          },
        ],
      },
    },
    {
      slug: 'sothebys-preview',
      benefitId: 'sothebys-private-auction',
      layout: 'partner',
      content: {
        eyebrow: `Private preview · ${once('2025-10-02')}`,
        title: 'Sotheby’s Private Auction Preview',
        subtitle: 'A private preview of the digital art and collectibles auction, for Special Access Pass holders.',
        heroImage: art('sothebys-private-auction'),
        sections: [
          {
            paragraphs: [
              'View the highlights of the sale before it opens, with the specialists on hand.',
              'Places are limited. Express your interest and the auction house confirms invitations directly by e-mail.',
            ],
            facts: [
              { label: 'Date', value: longDate(day('2025-10-02')) },
              { label: 'City', value: 'Singapore' },
            ],
          },
        ],
        buttons: [{ type: 'rsvp', label: 'Express Your Interest', eventId: 'sothebys-private-auction' }],
      },
    },
    {
      slug: 'bryan-johnson',
      benefitId: 'bryan-johnson',
      layout: 'partner',
      content: {
        eyebrow: `Event · ${once('2025-10-01')}`,
        title: 'Closed-Door Q&A with Bryan Johnson',
        subtitle: 'A closed-door conversation on longevity and the Blueprint protocol.',
        heroImage: art('bryan-johnson'),
        sections: [
          {
            paragraphs: ['Capacity is limited: places are confirmed first come, first served.'],
            facts: [
              { label: 'When', value: when('2025-10-01T06:00:00', '2025-10-01T07:00:00') },
              { label: 'Venue', value: 'Special Access Pass Lounge, Level 4' },
              { label: 'Capacity', value: 'Limited' },
            ],
          },
        ],
        buttons: [{ type: 'rsvp', label: 'RSVP', eventId: 'bryan-johnson' }],
      },
    },
    {
      slug: 'crypto-fight-night',
      benefitId: 'crypto-fight-night',
      layout: 'partner',
      content: {
        eyebrow: `Event · ${once('2025-10-01')}`,
        title: 'Crypto Fight Night',
        subtitle: 'The boxing night of the conference week, ringside.',
        heroImage: art('crypto-fight-night'),
        sections: [
          {
            paragraphs: [
              'RSVP for your place, then claim your ticket on the official ticketing site with the redemption code shown in the benefit on your dashboard.',
            ],
            facts: [
              { label: 'When', value: when('2025-10-01T11:00:00', '2025-10-01T15:00:00') },
              { label: 'Venue', value: 'Grand Ballroom, Marina Convention Centre' },
            ],
          },
        ],
        buttons: [
          { type: 'rsvp', label: 'RSVP', eventId: 'crypto-fight-night' },
          { type: 'external', label: 'Ticketing Site', href: 'https://tickets.cryptofightnight.example/' },
        ],
      },
    },
    {
      slug: 'jai-one-siam',
      benefitId: 'jai-one-siam',
      layout: 'partner',
      content: {
        eyebrow: 'Bangkok lifestyle network',
        title: 'JAI by ONESIAM',
        subtitle: 'A lifestyle network in Bangkok, with invitations for Special Access Pass holders.',
        heroImage: art('jai-one-siam'),
        sections: [
          {
            heading: 'Celebrity golf event',
            paragraphs: ['Tee off alongside celebrity guests at a private golf day in Bangkok.'],
            facts: [
              { label: 'When', value: `${month('2025-11-15')} or ${month('2026-01-15')}, dates to be confirmed` },
            ],
          },
          {
            heading: 'Luxury shopping and dining',
            paragraphs: ['A curated luxury shopping and dining experience in the heart of Bangkok.'],
          },
          { paragraphs: ['Express your interest and the JAI team will invite you personally once dates are set.'] },
        ],
        buttons: [{ type: 'rsvp', label: 'Express Your Interest', eventId: 'jai' }],
      },
    },
  ];
  return [...pages, elyxTerms(once('2026-03-31'))];
}

function elyxTerms(redeemBy: string): SeedPage {
  const term = (heading: string, text: string) => ({ heading, paragraphs: [text] });
  return {
    slug: ELYX_TERMS_SLUG,
    benefitId: null,
    layout: 'terms',
    content: {
      eyebrow: 'Elyx Life',
      title: 'Terms and Conditions',
      subtitle: 'These terms apply to the Elyx Life offer for Special Access Pass holders.',
      heroImage: '',
      sections: [
        term('Redemption', `The voucher can be redeemed until ${redeemBy}.`),
        term('Appointments', 'Appointments must be made at least three business days in advance.'),
        term('Vouchers', 'One voucher per person. Vouchers are non-transferable and have no cash value.'),
        term('Cancellation', 'Cancellations must be made at least 24 hours prior to the appointment.'),
        term('Opening hours', 'Daily, 8AM to 8PM.'),
        term('At your session', 'Present your voucher at the time of service and sign a waiver before it begins.'),
      ],
      buttons: [
        { type: 'tel', label: `Call ${ELYX_CONTACT.phoneDisplay}`, href: ELYX_CONTACT.phoneHref },
        { type: 'mail', label: `E-mail ${ELYX_CONTACT.email}`, href: `mailto:${ELYX_CONTACT.email}` },
      ],
    },
  };
}
