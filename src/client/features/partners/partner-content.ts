import type { PartnerSlug } from '../../paths.ts';
import { PATHS } from '../../paths.ts';

/** Events whose RSVP / interest action another component wires in through `renderRsvp`. */
export type PartnerRsvpEventId = 'bryan-johnson' | 'crypto-fight-night' | 'sothebys-private-auction' | 'jai';

export type PartnerButton =
  | { type: 'mail'; label: string; href: string }
  | { type: 'tel'; label: string; href: string }
  | { type: 'external'; label: string; href: string }
  | { type: 'internal'; label: string; href: string; newTab?: boolean }
  | { type: 'rsvp'; label: string; eventId: PartnerRsvpEventId };

export type PartnerFact = { label: string; value: string };
export type PartnerSection = { heading?: string; paragraphs?: string[]; facts?: PartnerFact[] };

export type PartnerContent = {
  benefitId: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  heroImage: string;
  sections: PartnerSection[];
  buttons: PartnerButton[];
};

// Contacts use reserved .example domains, as in the seed catalogue: the demo never mails a real partner.
const CONCIERGE = 'concierge@passportal.example';
const CAPELLA_RESTAURANT = 'restaurant@capella.example';
const CAPELLA_SPA = 'spa@capella.example';

/** Elyx booking contacts, shared with the public terms page. */
export const ELYX_CONTACT = {
  email: 'rsvp@elyx.example',
  phoneDisplay: '+65 6800 0000',
  phoneHref: 'tel:+6568000000',
  bookingUrl: 'https://elyx.example/book',
} as const;

export const FIGHT_NIGHT_TICKETS_URL = 'https://tickets.cryptofightnight.example/';

const art = (benefitId: string) => `/art/${benefitId}.svg`;

/** RFC 6068: subject and body percent-encoded, line breaks as CRLF. */
export function mailto(to: string, subject: string, bodyLines: string[]): string {
  const body = bodyLines.join('\r\n');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

const SIGN_OFF = [
  '',
  'Name:',
  'Phone:',
  '',
  'I am a Special Access Pass holder for conference week in Singapore.',
  '',
  'Thank you.',
];

export const PARTNER_CONTENT: Record<PartnerSlug, PartnerContent> = {
  'capella-day-pass': {
    benefitId: 'capella-day-pass',
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
          { label: 'Valid', value: 'Monday 29 September to Friday 3 October 2025' },
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
  'elyx-life': {
    benefitId: 'elyx-life',
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
          { label: 'Redeem by', value: '31 March 2026' },
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
      { type: 'internal', label: 'Terms and Conditions', href: PATHS.elyxTerms, newTab: true },
    ],
  },
  'speakers-reception': {
    benefitId: 'speakers-reception',
    eyebrow: 'Event · 30 September 2025',
    title: 'Speakers’ Reception',
    subtitle: 'An intimate evening with the speakers of the week, before the main stage days begin.',
    heroImage: art('speakers-reception'),
    sections: [
      {
        paragraphs: [
          'Join the conference speakers for drinks and conversation at a hotel restaurant in Singapore. RSVP by e-mail and the organiser will confirm your place.',
        ],
        facts: [
          { label: 'Date', value: 'Tuesday 30 September 2025' },
          { label: 'Time', value: '7:00 PM - 11:00 PM' },
          { label: 'Venue', value: 'The Grill Room, Orchard Hotel Singapore' },
        ],
      },
    ],
    buttons: [
      {
        type: 'mail',
        label: 'RSVP NOW',
        href: mailto(CONCIERGE, 'RSVP: Speakers’ Reception, 30 September', [
          'Dear organiser,',
          '',
          'I would like to attend the Speakers’ Reception on Tuesday 30 September, 7-11 PM.',
          ...SIGN_OFF,
        ]),
      },
    ],
  },
  wristcheck: {
    benefitId: 'wristcheck',
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
  'national-gallery': {
    benefitId: 'national-gallery',
    eyebrow: 'Art and culture',
    title: 'National Gallery Singapore',
    subtitle: 'A complimentary gallery pass during conference week, and an invitation to the opening night.',
    heroImage: art('national-gallery'),
    sections: [
      {
        paragraphs: [
          'Explore the gallery with a complimentary pass during conference week, then return as a guest of the opening night on 13 November 2025.',
          'Passes and seats are limited and allocated first come, first served.',
        ],
        facts: [
          { label: 'Gallery pass', value: 'Complimentary, conference week 29 September - 4 October 2025' },
          { label: 'Opening night', value: 'Thursday 13 November 2025' },
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
          '- a seat at the opening night on 13 November 2025',
          ...SIGN_OFF,
        ]),
      },
    ],
  },
  'sothebys-preview': {
    benefitId: 'sothebys-private-auction',
    eyebrow: 'Private preview · 2 October 2025',
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
          { label: 'Date', value: 'Thursday 2 October 2025' },
          { label: 'City', value: 'Singapore' },
        ],
      },
    ],
    buttons: [{ type: 'rsvp', label: 'Express Your Interest', eventId: 'sothebys-private-auction' }],
  },
  'bryan-johnson': {
    benefitId: 'bryan-johnson',
    eyebrow: 'Event · 1 October 2025',
    title: 'Closed-Door Q&A with Bryan Johnson',
    subtitle: 'A closed-door conversation on longevity and the Blueprint protocol.',
    heroImage: art('bryan-johnson'),
    sections: [
      {
        paragraphs: ['Capacity is limited: places are confirmed first come, first served.'],
        facts: [
          { label: 'Date', value: 'Wednesday 1 October 2025' },
          { label: 'Time', value: '2:00 PM' },
          { label: 'Venue', value: 'Special Access Pass Lounge, Level 4' },
          { label: 'Capacity', value: 'Limited' },
        ],
      },
    ],
    buttons: [{ type: 'rsvp', label: 'RSVP', eventId: 'bryan-johnson' }],
  },
  'crypto-fight-night': {
    benefitId: 'crypto-fight-night',
    eyebrow: 'Event · 1 October 2025',
    title: 'Crypto Fight Night',
    subtitle: 'The boxing night of the conference week, ringside.',
    heroImage: art('crypto-fight-night'),
    sections: [
      {
        paragraphs: [
          'RSVP for your place, then claim your ticket on the official ticketing site with the redemption code shown in the benefit on your dashboard.',
        ],
        facts: [
          { label: 'Date', value: 'Wednesday 1 October 2025' },
          { label: 'Time', value: '7:00 PM - 11:00 PM' },
          { label: 'Venue', value: 'Grand Ballroom, Marina Convention Centre' },
        ],
      },
    ],
    buttons: [
      { type: 'rsvp', label: 'RSVP', eventId: 'crypto-fight-night' },
      { type: 'external', label: 'Ticketing Site', href: FIGHT_NIGHT_TICKETS_URL },
    ],
  },
  'jai-one-siam': {
    benefitId: 'jai-one-siam',
    eyebrow: 'Bangkok lifestyle network',
    title: 'JAI by ONESIAM',
    subtitle: 'A lifestyle network in Bangkok, with invitations for Special Access Pass holders.',
    heroImage: art('jai-one-siam'),
    sections: [
      {
        heading: 'Celebrity golf event',
        paragraphs: ['Tee off alongside celebrity guests at a private golf day in Bangkok.'],
        facts: [{ label: 'When', value: 'November 2025 or January 2026, dates to be confirmed' }],
      },
      {
        heading: 'Luxury shopping and dining',
        paragraphs: ['A curated luxury shopping and dining experience in the heart of Bangkok.'],
      },
      { paragraphs: ['Express your interest and the JAI team will invite you personally once dates are set.'] },
    ],
    buttons: [{ type: 'rsvp', label: 'Express Your Interest', eventId: 'jai' }],
  },
};
