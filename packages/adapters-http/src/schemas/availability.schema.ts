import { MAX_AVAILABILITY_NIGHTS } from '@campsite/domain';
import { z } from 'zod';
import { components, date, fieldErrorsOf, pageOf } from './responses.schema';

/**
 * GET /availability/ for the OpenAPI document: its window, its answer and its field errors (docs/channel-managers.md,
 * "Availability"). The domain reads the window (`readAvailabilityWindow`); the limit here is the domain's constant.
 */
export const availabilityQuerySchema = z.object({
  from: z.iso.date().meta({ description: 'The first night of the window, `YYYY-MM-DD`. Required.', examples: ['2027-08-01'] }),
  to: z.iso.date().meta({
    description:
      `The departure date after the window's last night, \`YYYY-MM-DD\`. Required; after \`from\` and ` +
      `at most ${MAX_AVAILABILITY_NIGHTS} nights later.`,
    examples: ['2027-09-01'],
  }),
});

const freeRunSchema = z
  .object({
    from: date.meta({ description: 'The first free night.' }),
    to: date.meta({ description: 'The departure date after the last free night.' }),
  })
  .register(components, { id: 'FreeRun', description: 'A longest run of free nights inside the window.' });

export const siteAvailabilitySchema = z
  .object({
    site_id: z
      .int()
      .min(1)
      .meta({ description: "The site's `id`: use it as `site_id` when creating a booking.", examples: [3] }),
    site_number: z.string().meta({ description: 'Pitch number as on the site map.', examples: ['A03'] }),
    status: z.string().meta({ description: "The site's status; a site that is not `active` has no free nights.", examples: ['active'] }),
    max_occupants: z.int().min(0),
    free: z.array(freeRunSchema).meta({
      description:
        'The free runs in date order. A night is taken when a `pending` or `confirmed` booking covers it. A stay ' +
        'inside one run, with no more guests than `max_occupants`, is accepted by `POST /bookings/` unless ' +
        'another booking commits first.',
    }),
  })
  .register(components, {
    id: 'SiteAvailability',
    description: "One site's free nights in the requested window.",
    examples: [
      {
        site_id: 1,
        site_number: 'A01',
        status: 'active',
        max_occupants: 4,
        free: [
          { from: '2027-08-01', to: '2027-08-12' },
          { from: '2027-08-15', to: '2027-09-01' },
        ],
      },
    ],
  });

export const availabilityPageSchema = pageOf(siteAvailabilitySchema, 'SiteAvailability');

export const availabilityErrorsSchema = fieldErrorsOf(
  'AvailabilityErrors',
  ['from', 'to'],
  'The window is missing, malformed, reversed or too long.',
);
