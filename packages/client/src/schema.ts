/**
 * Generated from the service's OpenAPI document (GET /openapi.json) by openapi-typescript. Do not edit:
 * run `pnpm --filter @campsite/client generate` instead.
 */

export interface paths {
    "/api/v1/public/bookings/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bookings
         * @description One page of the tenant's bookings, newest `created_at` first (ties: higher `id` first). The order is fixed and total, so following `next` never skips or repeats a record.
         *
         *     Scope: `bookings:read`.
         */
        get: operations["listBookings"];
        put?: never;
        /**
         * Create a pending booking
         * @description Creates a booking with status `pending`, a generated `booking_reference` and a placeholder `total_price`; an operator confirms it later. Checks, first failure wins: media type (415), size (413), JSON syntax (400), a body that is not an object (400), `site_id` (400 `site_not_found`), field validation (400, all field errors at once), occupants against `max_occupants` (400), site status and overlapping pending or confirmed bookings (400 `site_unavailable`; touching stays do not overlap). Of two concurrent requests for overlapping dates on one site, exactly one succeeds. An empty body counts as `{}`.
         *
         *     Send an `Idempotency-Key` to retry safely: the same key and body within 24 hours answers the first 201 again (`Idempotent-Replayed: true`) instead of creating a second booking. The key is checked after the rate limit and before the body.
         *
         *     Scope: `bookings:write`.
         */
        post: operations["createBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/availability/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Free nights per site
         * @description Per site of the tenant, in `site_number` order and paged like `GET /sites/`, the longest runs of free nights in the window from `from` up to the night before `to` (at most 366 nights). It uses the rule of `POST /bookings/`: a night is taken when a `pending` or `confirmed` booking covers it, and a site that is not `active` has none. The window is checked before the page; `next` and `previous` keep it.
         *
         *     Scope: `bookings:read`.
         */
        get: operations["getAvailability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/bookings/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One booking
         * @description An id that is not an integer, an absent booking and another tenant's booking all give 404 `not_found`.
         *
         *     Scope: `bookings:read`.
         */
        get: operations["getBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/sites/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sites
         * @description One page of the tenant's sites, by `site_number` in byte order (ties: lower `id` first). The order is fixed and total, so following `next` never skips or repeats a record.
         *
         *     Scope: `sites:read`.
         */
        get: operations["listSites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/customers/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description One page of the tenant's customers, newest `date_joined` first (ties: higher `id` first). The order is fixed and total, so following `next` never skips or repeats a record.
         *
         *     Scope: `customers:read`.
         */
        get: operations["listCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/invoices/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices
         * @description One page of the tenant's invoices, newest `issued_at` first (ties: higher `id` first). The order is fixed and total, so following `next` never skips or repeats a record.
         *
         *     Scope: `invoices:read`.
         */
        get: operations["listInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/invoices/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice
         * @description An id that is not an integer, an absent invoice and another tenant's invoice all give 404 `not_found`.
         *
         *     Scope: `invoices:read`.
         */
        get: operations["getInvoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/invoices/{id}/lines/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The lines of one invoice
         * @description The invoice's lines in `position` order, paged like every list. An invoice without lines (a legacy header) has none. An absent invoice: 404 `not_found`.
         *
         *     Scope: `invoices:read`.
         */
        get: operations["listInvoiceLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/invoices/{id}/pdf/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice as a PDF
         * @description An A4 PDF of the invoice (for an open invoice of a tenant with billing details, with a Swiss QR-bill payment part). The only answer that is not JSON; its errors are JSON. Send the `ETag` back as `If-None-Match` to get 304 while the document is unchanged.
         *
         *     Scope: `invoices:read`.
         */
        get: operations["getInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/changes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The change feed
         * @description Every record created, changed or deleted by any writer (this API, the operator tools, the admin console, plain SQL), in commit order, each at its latest change, of the types the key can read (`bookings:read` → booking, `sites:read` → site, `customers:read` → customer, `invoices:read` → invoice). Follow `next` to the end, store `cursor`, and resume later with `after=<cursor>`: nothing committed after that point is missed, including changes that committed while you were reading. A record may come again when it changed again.
         *
         *     Scope: any one of `bookings:read`, `sites:read`, `customers:read`, `invoices:read`.
         */
        get: operations["listChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/webhook-endpoints/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description All of the tenant's endpoints by `id`, in one page (a tenant has at most 10). No secrets.
         *
         *     Scope: `webhooks:manage`.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL to receive the tenant's changes as signed messages, from `after` (default: only later changes). The answer holds the signing secret, shown this once. At most 10 endpoints per tenant.
         *
         *     Scope: `webhooks:manage`.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/webhook-endpoints/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description The endpoint without its secret. An id that is not an integer, an absent endpoint and another tenant's endpoint all give 404 `not_found`, whatever the body holds.
         *
         *     Scope: `webhooks:manage`.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Removes the endpoint and its delivery state; its id is not handed out again. An id that is not an integer, an absent endpoint and another tenant's endpoint all give 404 `not_found`, whatever the body holds.
         *
         *     Scope: `webhooks:manage`.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change, pause or resume a webhook endpoint
         * @description Sets any of `url`, `types`, `description` and `status`. Pausing keeps the position; resuming delivers from it. An id that is not an integer, an absent endpoint and another tenant's endpoint all give 404 `not_found`, whatever the body holds.
         *
         *     Scope: `webhooks:manage`.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/v1/public/webhook-endpoints/{id}/rotate-secret/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description A new secret signs from now on; the previous one keeps signing for 24 hours (receivers accept either), or stops at once with `expire_previous`. An id that is not an integer, an absent endpoint and another tenant's endpoint all give 404 `not_found`, whatever the body holds.
         *
         *     Scope: `webhooks:manage`.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/webhook-endpoints/{id}/replay/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver again from a feed cursor
         * @description Moves the endpoint's position to `after` (earlier or later); delivery goes on from there. An id that is not an integer, an absent endpoint and another tenant's endpoint all give 404 `not_found`, whatever the body holds.
         *
         *     Scope: `webhooks:manage`.
         */
        post: operations["replayWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/webhook-endpoints/{id}/ping/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test message
         * @description Sends a signed `ping` message to the URL, outside the chain of changes (the position does not move), also to a paused endpoint. The answer does not wait for the receiver. An id that is not an integer, an absent endpoint and another tenant's endpoint all give 404 `not_found`, whatever the body holds.
         *
         *     Scope: `webhooks:manage`.
         */
        post: operations["pingWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/public/webhook-endpoints/{id}/deliveries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent delivery attempts
         * @description The endpoint's last 100 attempts, newest first, paged like every list. A response body is never stored. An id that is not an integer, an absent endpoint and another tenant's endpoint all give 404 `not_found`, whatever the body holds.
         *
         *     Scope: `webhooks:manage`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness probe
         * @description Answers without authentication, also over plain HTTP, so that probes need no key.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness probe
         * @description Whether the database answers within 2 s. No authentication, also over plain HTTP.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description The OpenAPI 3.1 document of the service. No authentication; HTTPS only.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API reference page
         * @description A human-readable reference rendered from this document. No authentication; HTTPS only; it loads nothing from outside the service.
         */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/assets/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A file of the reference page
         * @description The renderer's script and stylesheet, served by this service itself.
         */
        get: operations["getApiReferenceAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    changes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Changes, pushed
         * @description Posted to an active endpoint's URL while the change feed holds entries of its types after its position: up to 50 entries per message, exactly as the feed renders them. One message at a time, in commit order; the next one is sent only after this one got a 2xx, and its `data.previous` is this one's `data.cursor`. Store `data.cursor` once processed; when `data.previous` is not the cursor you stored, read the feed (`GET /api/v1/public/changes/?after=…`) from yours instead.
         */
        post: operations["receiveChanges"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ping
         * @description Posted on request (`POST /api/v1/public/webhook-endpoints/{id}/ping/`), also to a paused endpoint, to test a receiver. Outside the chain: the position does not move, and its answer changes nothing.
         */
        post: operations["receivePing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description A booking (public projection).
         * @example {
         *       "id": 17,
         *       "booking_reference": "K7Q2M4XZ9B",
         *       "guest_first_name": "Anna",
         *       "guest_last_name": "Muster",
         *       "guest_email": "anna@example.ch",
         *       "site_id": 3,
         *       "site_number": "A03",
         *       "check_in_date": "2027-07-01",
         *       "check_out_date": "2027-07-04",
         *       "num_adults": 2,
         *       "num_youth": 0,
         *       "num_children": 1,
         *       "status": "pending",
         *       "total_price": "105.00",
         *       "created_at": "2026-06-01T12:00:30Z",
         *       "updated_at": "2026-06-01T12:00:30Z",
         *       "customer_id": 5
         *     }
         */
        Booking: {
            /**
             * @description Unique within the tenant (ids are per tenant).
             * @example 17
             */
            id: number;
            /**
             * @description Server-generated, unique within the tenant.
             * @example K7Q2M4XZ9B
             */
            booking_reference: string;
            /** @description May be empty (legacy walk-in bookings). */
            guest_first_name: string;
            /** @description May be empty. */
            guest_last_name: string;
            /** @description May be empty. */
            guest_email: string;
            /** @description The pitch the booking is on. */
            site_id: number;
            /** @description Pitch number as on the site map. */
            site_number: string;
            /**
             * Format: date
             * @description A calendar date, `YYYY-MM-DD`.
             * @example 2027-07-01
             */
            check_in_date: string;
            /**
             * Format: date
             * @description A calendar date, `YYYY-MM-DD`.
             * @example 2027-07-01
             */
            check_out_date: string;
            num_adults: number;
            num_youth: number;
            num_children: number;
            /**
             * @description One of `pending`, `confirmed`, `cancelled`, `completed`, `no_show`. More values may appear in a minor version: treat an unknown value as unknown.
             * @example pending
             */
            status: string;
            /**
             * @description CHF. For a booking created through the API and still `pending`, a placeholder (base price per night × nights); the final figure exists after the operator confirms it.
             * @example 105.00
             */
            total_price: string;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC with a `Z` suffix; milliseconds only when not zero.
             * @example 2026-06-01T12:00:30Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the stored record last changed, by any writer (creation counts as a change). UTC.
             * @example 2026-06-02T08:15:00Z
             */
            updated_at: string;
            /**
             * @description The customer the booking belongs to, or null (walk-ins, guests without an account).
             * @example 5
             */
            customer_id: number | null;
        };
        /**
         * @description A pitch.
         * @example {
         *       "id": 3,
         *       "site_number": "A03",
         *       "name": "Lakeside",
         *       "max_occupants": 4,
         *       "base_price_per_night": "35.00",
         *       "status": "active",
         *       "site_type_id": 1,
         *       "site_type_name": "Tent pitch",
         *       "updated_at": "2026-05-01T07:00:00Z"
         *     }
         */
        Site: {
            /**
             * @description Use it as `site_id` when creating a booking.
             * @example 3
             */
            id: number;
            /**
             * @description Pitch number as on the site map.
             * @example A03
             */
            site_number: string;
            /** @description Operator-assigned; may be empty. */
            name: string;
            max_occupants: number;
            /**
             * @description CHF; a starting price, not a quote.
             * @example 35.00
             */
            base_price_per_night: string;
            /**
             * @description Operational status, for example `active` or `inactive`; treat other values as unknown.
             * @example active
             */
            status: string;
            site_type_id: number;
            site_type_name: string;
            /**
             * Format: date-time
             * @description When the stored record last changed, by any writer (creation counts as a change). UTC.
             * @example 2026-06-02T08:15:00Z
             */
            updated_at: string;
        };
        /**
         * @description A registered guest-portal account. Personal data.
         * @example {
         *       "id": 5,
         *       "email": "anna@example.ch",
         *       "first_name": "Anna",
         *       "last_name": "Muster",
         *       "phone_number": "",
         *       "date_joined": "2025-03-14T09:30:00Z",
         *       "updated_at": "2025-03-14T09:30:00Z"
         *     }
         */
        Customer: {
            /**
             * @description Unique within the tenant (ids are per tenant).
             * @example 17
             */
            id: number;
            /** @description Used for login. */
            email: string;
            first_name: string;
            last_name: string;
            /** @description May be empty. */
            phone_number: string;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC with a `Z` suffix; milliseconds only when not zero.
             * @example 2026-06-01T12:00:30Z
             */
            date_joined: string;
            /**
             * Format: date-time
             * @description When the stored record last changed, by any writer (creation counts as a change). UTC.
             * @example 2026-06-02T08:15:00Z
             */
            updated_at: string;
        };
        /**
         * @description An invoice header.
         * @example {
         *       "id": 9,
         *       "invoice_number": "2026-000042",
         *       "booking_id": 17,
         *       "total_chf": "123.50",
         *       "status": "OFFEN",
         *       "issued_at": "2026-06-02T08:00:00Z",
         *       "updated_at": "2026-06-02T08:00:00Z"
         *     }
         */
        Invoice: {
            /**
             * @description Unique within the tenant (ids are per tenant).
             * @example 17
             */
            id: number;
            /**
             * @description Typically `YYYY-NNNNNN`.
             * @example 2026-000042
             */
            invoice_number: string;
            /** @description null for invoices not tied to a booking. */
            booking_id: number | null;
            /**
             * @description CHF, including all line items and tourist tax.
             * @example 105.00
             */
            total_chf: string;
            /**
             * @description `OFFEN` (open), `ERLEDIGT` (settled), `STORNIERT` (cancelled) or `PICKUP` (awaiting pickup or payment), verbatim. Treat other values as unknown.
             * @example OFFEN
             */
            status: string;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC with a `Z` suffix; milliseconds only when not zero.
             * @example 2026-06-01T12:00:30Z
             */
            issued_at: string;
            /**
             * Format: date-time
             * @description When the stored record last changed, by any writer (creation counts as a change). UTC.
             * @example 2026-06-02T08:15:00Z
             */
            updated_at: string;
        };
        /**
         * @description One line of an invoice, as stored.
         * @example {
         *       "position": 1,
         *       "description": "Pitch A01, 3 nights",
         *       "quantity": "3.000",
         *       "unit_price": "35.00",
         *       "vat_rate": "8.10",
         *       "amount": "105.00"
         *     }
         */
        InvoiceLine: {
            /** @description The line's place on the invoice, from 1. */
            position: number;
            description: string;
            /**
             * @description A decimal string with three decimals.
             * @example 3.000
             */
            quantity: string;
            /**
             * @description CHF per unit.
             * @example 35.00
             */
            unit_price: string;
            /**
             * @description The VAT rate in percent, with two decimals.
             * @example 8.10
             */
            vat_rate: string;
            /**
             * @description CHF for the line.
             * @example 105.00
             */
            amount: string;
        };
        /** @description One page of Booking records. */
        BookingPage: {
            /** @description Matching records across all pages. */
            count: number;
            /** @description Absolute URL of the next page, or null. Follow it rather than building URLs. */
            next: string | null;
            /** @description Absolute URL of the previous page, or null. Follow it rather than building URLs. */
            previous: string | null;
            results: components["schemas"]["Booking"][];
        };
        /** @description One page of Site records. */
        SitePage: {
            /** @description Matching records across all pages. */
            count: number;
            /** @description Absolute URL of the next page, or null. Follow it rather than building URLs. */
            next: string | null;
            /** @description Absolute URL of the previous page, or null. Follow it rather than building URLs. */
            previous: string | null;
            results: components["schemas"]["Site"][];
        };
        /** @description One page of Customer records. */
        CustomerPage: {
            /** @description Matching records across all pages. */
            count: number;
            /** @description Absolute URL of the next page, or null. Follow it rather than building URLs. */
            next: string | null;
            /** @description Absolute URL of the previous page, or null. Follow it rather than building URLs. */
            previous: string | null;
            results: components["schemas"]["Customer"][];
        };
        /** @description One page of Invoice records. */
        InvoicePage: {
            /** @description Matching records across all pages. */
            count: number;
            /** @description Absolute URL of the next page, or null. Follow it rather than building URLs. */
            next: string | null;
            /** @description Absolute URL of the previous page, or null. Follow it rather than building URLs. */
            previous: string | null;
            results: components["schemas"]["Invoice"][];
        };
        /** @description One page of InvoiceLine records. */
        InvoiceLinePage: {
            /** @description Matching records across all pages. */
            count: number;
            /** @description Absolute URL of the next page, or null. Follow it rather than building URLs. */
            next: string | null;
            /** @description Absolute URL of the previous page, or null. Follow it rather than building URLs. */
            previous: string | null;
            results: components["schemas"]["InvoiceLine"][];
        };
        /**
         * @description A record that was created, changed or deleted, at its latest change.
         * @example {
         *       "type": "invoice",
         *       "id": 9,
         *       "deleted": true,
         *       "changed_at": "2026-06-02T08:15:00Z",
         *       "object": null
         *     }
         */
        Change: {
            /**
             * @description The kind of record; more kinds may be added.
             * @enum {string}
             */
            type: "booking" | "site" | "customer" | "invoice";
            /**
             * @description The record's id (unique within the tenant and its type).
             * @example 17
             */
            id: number;
            /** @description True when the record is gone from the API (deleted, or a user who is no longer a customer). */
            deleted: boolean;
            /**
             * Format: date-time
             * @description When the change was recorded (UTC).
             * @example 2026-06-02T08:15:00Z
             */
            changed_at: string;
            /** @description The record exactly as its list renders it now; null when `deleted` is true. */
            object: (components["schemas"]["Booking"] | components["schemas"]["Site"] | components["schemas"]["Customer"] | components["schemas"]["Invoice"]) | null;
        };
        /** @description One page of the change feed, in commit order. */
        ChangePage: {
            /** @description Changes after `after` that this key can see. */
            count: number;
            /** @description This URL with `after` set to this page's `cursor` while more changes remain, else null. */
            next: string | null;
            /** @description Always null: the feed only goes forward. */
            previous: null;
            /**
             * @description The position after the last result (after `after` itself when there are none). Store it and send it as `after` next time.
             * @example 0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-20417
             */
            cursor: string;
            results: components["schemas"]["Change"][];
        };
        /**
         * @description A URL that receives the tenant's changes as signed messages (docs/webhooks.md).
         * @example {
         *       "id": 1,
         *       "url": "https://hooks.example.com/campsite",
         *       "types": [
         *         "booking"
         *       ],
         *       "description": "channel manager",
         *       "status": "active",
         *       "paused_reason": null,
         *       "position": "0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042",
         *       "created_at": "2026-06-01T12:00:30Z"
         *     }
         */
        WebhookEndpoint: {
            /**
             * @description Unique within the tenant (ids are per tenant).
             * @example 17
             */
            id: number;
            /**
             * @description The public `https` URL messages are posted to.
             * @example https://hooks.example.com/campsite
             */
            url: string;
            /**
             * @description The change types delivered, in the feed's type order.
             * @example [
             *       "booking"
             *     ]
             */
            types: ("booking" | "site" | "customer" | "invoice")[];
            /** @description Your note about the endpoint; may be empty. */
            description: string;
            /**
             * @description `active` delivers; `paused` holds its position until resumed.
             * @enum {string}
             */
            status: "active" | "paused";
            /**
             * @description Why the endpoint is paused: `manual` (through the API), `gone` (the receiver answered 410) or `failing` (three days of failed attempts); null while active.
             * @example null
             */
            paused_reason: string | null;
            /**
             * @description A feed cursor: delivery goes on with the first change after it. Move it with `replay`.
             * @example 0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042
             */
            position: string;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC with a `Z` suffix; milliseconds only when not zero.
             * @example 2026-06-01T12:00:30Z
             */
            created_at: string;
        };
        /** @description The new endpoint, with its signing secret (shown this once). */
        CreatedWebhookEndpoint: {
            /**
             * @description Unique within the tenant (ids are per tenant).
             * @example 17
             */
            id: number;
            /**
             * @description The public `https` URL messages are posted to.
             * @example https://hooks.example.com/campsite
             */
            url: string;
            /**
             * @description The change types delivered, in the feed's type order.
             * @example [
             *       "booking"
             *     ]
             */
            types: ("booking" | "site" | "customer" | "invoice")[];
            /** @description Your note about the endpoint; may be empty. */
            description: string;
            /**
             * @description `active` delivers; `paused` holds its position until resumed.
             * @enum {string}
             */
            status: "active" | "paused";
            /**
             * @description Why the endpoint is paused: `manual` (through the API), `gone` (the receiver answered 410) or `failing` (three days of failed attempts); null while active.
             * @example null
             */
            paused_reason: string | null;
            /**
             * @description A feed cursor: delivery goes on with the first change after it. Move it with `replay`.
             * @example 0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042
             */
            position: string;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC with a `Z` suffix; milliseconds only when not zero.
             * @example 2026-06-01T12:00:30Z
             */
            created_at: string;
            /**
             * @description The signing secret (Standard Webhooks). Shown in this answer only: keep it.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        /** @description One page of WebhookEndpoint records. */
        WebhookEndpointPage: {
            /** @description Matching records across all pages. */
            count: number;
            /** @description Absolute URL of the next page, or null. Follow it rather than building URLs. */
            next: string | null;
            /** @description Absolute URL of the previous page, or null. Follow it rather than building URLs. */
            previous: string | null;
            results: components["schemas"]["WebhookEndpoint"][];
        };
        /** @description One attempt to deliver a message to an endpoint. */
        WebhookDelivery: {
            /**
             * @description The `webhook-id` of the message, the same on each of its attempts.
             * @example msg_2ZkYv0mXqg1c8w3JpTn6bR4s
             */
            message_id: string;
            /** @description 1 for a message's first attempt, 2 for its first retry, and so on. */
            attempt: number;
            /**
             * @description The receiver's HTTP status, or null when no answer came.
             * @example 500
             */
            status_code: number | null;
            /**
             * @description Why the attempt failed; null on a 2xx.
             * @example http_status
             */
            error: ("timeout" | "connection" | "tls" | "blocked_address" | "redirect" | "http_status") | null;
            /** @description From connecting to the end of the answer (or the failure). */
            duration_ms: number;
            /**
             * Format: date-time
             * @description ISO 8601 in UTC with a `Z` suffix; milliseconds only when not zero.
             * @example 2026-06-01T12:00:30Z
             */
            at: string;
        };
        /** @description One page of WebhookDelivery records. */
        WebhookDeliveryPage: {
            /** @description Matching records across all pages. */
            count: number;
            /** @description Absolute URL of the next page, or null. Follow it rather than building URLs. */
            next: string | null;
            /** @description Absolute URL of the previous page, or null. Follow it rather than building URLs. */
            previous: string | null;
            results: components["schemas"]["WebhookDelivery"][];
        };
        /** @description The new signing secret; messages are signed with every secret not yet expired. */
        RotatedSecret: {
            /**
             * @description The signing secret (Standard Webhooks). Shown in this answer only: keep it.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
            /**
             * Format: date-time
             * @description When the secrets before this one stop signing: in 24 hours, or now with `expire_previous`.
             * @example 2026-06-02T12:00:30Z
             */
            previous_expires_at: string;
        };
        /** @description The process is alive. */
        Health: {
            /** @constant */
            status: "ok";
        };
        /** @description `ready` while the database answers within 2 s, else `unavailable`. */
        Readiness: {
            /** @enum {string} */
            status: "ready" | "unavailable";
        };
        /** @description Machine codes: `invalid_key` (header missing or malformed, unknown prefix or wrong secret) and `key_inactive` (revoked or expired). Do not retry with the same key. */
        Unauthorized: {
            /** @enum {string} */
            detail: "invalid_key" | "key_inactive";
        };
        /** @description `https_required` when the request came over plain HTTP; otherwise the key lacks the scope this operation requires. Do not retry with the same key. */
        Forbidden: {
            /** @enum {string} */
            detail: "You do not have permission to perform this action." | "https_required";
        };
        /** @description Machine code `not_found`: the record is absent or belongs to another tenant. `Invalid page.`: the page is not an integer, below 1 or past the end. `Not found.`: an unknown path. */
        NotFound: {
            /** @enum {string} */
            detail: "not_found" | "Invalid page." | "Not found.";
        };
        /** @description The path exists but not with this method; the `Allow` header lists the methods it has. */
        MethodNotAllowed: {
            /** @example Method "PUT" not allowed. */
            detail: string;
        };
        /** @description The body exceeds 1 MiB; the connection is closed. */
        PayloadTooLarge: {
            /** @example Request body exceeds the limit of 1048576 bytes. */
            detail: string;
        };
        /** @description A non-empty body whose `Content-Type` is not JSON. */
        UnsupportedMediaType: {
            /** @example Unsupported media type "text/plain" in request. */
            detail: string;
        };
        /** @description The per-key rate limit, or the per-address limit on failed authentications, is exhausted. Wait `Retry-After` seconds. */
        Throttled: {
            /** @example Request was throttled. Expected available in 12 seconds. */
            detail: string;
        };
        /** @description The `Host` header is not a valid `host[:port]`, or there is more than one (checked right after HTTPS, before the path). */
        InvalidHost: {
            /** @constant */
            detail: "Invalid Host header.";
        };
        /** @description A fault on our side. Retry with exponential backoff. */
        ServerError: {
            /** @constant */
            detail: "A server error occurred.";
        };
        /** @description The database could not be reached; the request did not take effect. Send it again after `Retry-After` seconds. */
        ServiceUnavailable: {
            /** @constant */
            detail: "Service temporarily unavailable, try again later.";
        };
        /** @description Machine code `invalid_cursor`: `after` is malformed or was not issued for this tenant. */
        InvalidCursor: {
            /** @constant */
            detail: "invalid_cursor";
        };
        /** @description Machine codes `site_not_found` (site_id missing, not an integer, or not a site of your tenant) and `site_unavailable` (the site is not active or the dates overlap a pending or confirmed booking); or `JSON parse error - <reason>` for a body that is not JSON. */
        BookingInputError: {
            detail: ("site_not_found" | "site_unavailable") | string;
        };
        /** @description Machine code `webhook_endpoint_limit`: the tenant already has the most endpoints it may have (10). */
        WebhookEndpointLimit: {
            /** @constant */
            detail: "webhook_endpoint_limit";
        };
        /** @description The body is not JSON (or not UTF-8); the reason is in Python's words and is not a contract. */
        JsonParseError: {
            /** @example JSON parse error - Expecting value: line 1 column 1 (char 0) */
            detail: string;
        };
        /** @description A filter value is malformed. Each key names a field; each value holds one or more messages. */
        UpdatedSinceErrors: {
            updated_since?: string[];
            non_field_errors?: string[];
        };
        /** @description A filter value is malformed. Each key names a field; each value holds one or more messages. */
        InvoiceFilterErrors: {
            status?: string[];
            issued_from?: string[];
            issued_to?: string[];
            updated_since?: string[];
            non_field_errors?: string[];
        };
        /** @description A filter value is malformed (`Enter a valid date.`). Each key names a field; each value holds one or more messages. */
        BookingFilterErrors: {
            status?: string[];
            check_in_from?: string[];
            check_in_to?: string[];
            customer_id?: string[];
            updated_since?: string[];
            non_field_errors?: string[];
        };
        /** @description Validation failed. All field errors come in one answer, in field order; `non_field_errors` holds rules not tied to one field (a body that is not an object, too many occupants). Each key names a field; each value holds one or more messages. */
        CreateBookingFieldErrors: {
            check_in_date?: string[];
            check_out_date?: string[];
            num_adults?: string[];
            num_youth?: string[];
            num_children?: string[];
            guest_first_name?: string[];
            guest_last_name?: string[];
            guest_email?: string[];
            customer_id?: string[];
            non_field_errors?: string[];
        };
        /** @description Validation failed. All field errors come in one answer, in field order; `non_field_errors` for a body that is not an object. Each key names a field; each value holds one or more messages. */
        WebhookEndpointFieldErrors: {
            url?: string[];
            types?: string[];
            after?: string[];
            description?: string[];
            status?: string[];
            expire_previous?: string[];
            non_field_errors?: string[];
        };
        /** @description A longest run of free nights inside the window. */
        FreeRun: {
            /**
             * Format: date
             * @description The first free night.
             * @example 2027-07-01
             */
            from: string;
            /**
             * Format: date
             * @description The departure date after the last free night.
             * @example 2027-07-01
             */
            to: string;
        };
        /**
         * @description One site's free nights in the requested window.
         * @example {
         *       "site_id": 1,
         *       "site_number": "A01",
         *       "status": "active",
         *       "max_occupants": 4,
         *       "free": [
         *         {
         *           "from": "2027-08-01",
         *           "to": "2027-08-12"
         *         },
         *         {
         *           "from": "2027-08-15",
         *           "to": "2027-09-01"
         *         }
         *       ]
         *     }
         */
        SiteAvailability: {
            /**
             * @description The site's `id`: use it as `site_id` when creating a booking.
             * @example 3
             */
            site_id: number;
            /**
             * @description Pitch number as on the site map.
             * @example A03
             */
            site_number: string;
            /**
             * @description The site's status; a site that is not `active` has no free nights.
             * @example active
             */
            status: string;
            max_occupants: number;
            /** @description The free runs in date order. A night is taken when a `pending` or `confirmed` booking covers it. A stay inside one run, with no more guests than `max_occupants`, is accepted by `POST /bookings/` unless another booking commits first. */
            free: components["schemas"]["FreeRun"][];
        };
        /** @description One page of SiteAvailability records. */
        SiteAvailabilityPage: {
            /** @description Matching records across all pages. */
            count: number;
            /** @description Absolute URL of the next page, or null. Follow it rather than building URLs. */
            next: string | null;
            /** @description Absolute URL of the previous page, or null. Follow it rather than building URLs. */
            previous: string | null;
            results: components["schemas"]["SiteAvailability"][];
        };
        /** @description The window is missing, malformed, reversed or too long. Each key names a field; each value holds one or more messages. */
        AvailabilityErrors: {
            from?: string[];
            to?: string[];
            non_field_errors?: string[];
        };
        /** @description Machine code `invalid_idempotency_key`: the `Idempotency-Key` header is empty, longer than 255, not visible ASCII, or sent twice. Nothing was created. */
        InvalidIdempotencyKey: {
            /** @constant */
            detail: "invalid_idempotency_key";
        };
        /** @description Machine code `idempotency_key_in_use`: the first request with this key is still running. Retry shortly with the same key. */
        IdempotencyKeyInUse: {
            /** @constant */
            detail: "idempotency_key_in_use";
        };
        /** @description Machine code `idempotency_key_reused`: this key was used with another body in the last 24 hours. Use a new key for a new attempt. */
        IdempotencyKeyReused: {
            /** @constant */
            detail: "idempotency_key_reused";
        };
        /**
         * @description A piece of the change feed, pushed. Each message continues the one before it (`data.previous`).
         * @example {
         *       "type": "changes",
         *       "timestamp": "2026-06-02T08:15:01Z",
         *       "data": {
         *         "endpoint_id": 1,
         *         "previous": "0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042",
         *         "cursor": "0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1057",
         *         "results": [
         *           {
         *             "type": "invoice",
         *             "id": 9,
         *             "deleted": true,
         *             "changed_at": "2026-06-02T08:15:00Z",
         *             "object": null
         *           }
         *         ]
         *       }
         *     }
         */
        ChangesWebhookMessage: {
            /** @constant */
            type: "changes";
            /**
             * Format: date-time
             * @description When the message was made (UTC). Retries send the same body; `webhook-timestamp` is the time of the attempt.
             * @example 2026-06-01T12:00:30Z
             */
            timestamp: string;
            data: {
                /**
                 * @description The webhook endpoint this message was sent to.
                 * @example 1
                 */
                endpoint_id: number;
                /**
                 * @description The feed cursor this message continues from: the `cursor` of the message before it, or for the first one the position the endpoint started from (its creation or a replay). When it is not the cursor you stored, read the feed from yours instead.
                 * @example 0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042
                 */
                previous: string;
                /**
                 * @description The feed cursor after this message: store it once you have processed the message.
                 * @example 0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1057
                 */
                cursor: string;
                /** @description The feed's entries between `previous` and `cursor`, exactly as the feed renders them, only of the endpoint's types. */
                results: components["schemas"]["Change"][];
            };
        };
        /**
         * @description A test message, sent on request (`POST /webhook-endpoints/{id}/ping/`), outside the chain.
         * @example {
         *       "type": "ping",
         *       "timestamp": "2026-06-01T12:00:30Z",
         *       "data": {
         *         "endpoint_id": 1
         *       }
         *     }
         */
        PingWebhookMessage: {
            /** @constant */
            type: "ping";
            /**
             * Format: date-time
             * @description When the message was made (UTC). Retries send the same body; `webhook-timestamp` is the time of the attempt.
             * @example 2026-06-01T12:00:30Z
             */
            timestamp: string;
            data: {
                /**
                 * @description The webhook endpoint this message was sent to.
                 * @example 1
                 */
                endpoint_id: number;
            };
        };
        /**
         * @description The new booking. `check_out_date` must be after `check_in_date`, and the occupants must fit the site. Server-assigned fields (`id`, `status`, `total_price`, `booking_reference`, `created_at`, `source`) and unknown fields are ignored.
         * @example {
         *       "site_id": 3,
         *       "check_in_date": "2027-07-01",
         *       "check_out_date": "2027-07-04",
         *       "num_adults": 2,
         *       "num_children": 1,
         *       "guest_first_name": "Anna",
         *       "guest_last_name": "Muster",
         *       "guest_email": "anna@example.ch"
         *     }
         */
        CreateBooking: {
            /**
             * @description A site of your tenant (`id` of a Site). Read like the other integers. Missing, null, not an integer, or not a site of your tenant: 400 `{"detail":"site_not_found"}`, before any other field is checked.
             * @example 3
             */
            site_id: number | string;
            /**
             * Format: date
             * @description Strictly `YYYY-MM-DD`.
             */
            check_in_date: string;
            /**
             * Format: date
             * @description Strictly `YYYY-MM-DD`.
             */
            check_out_date: string;
            /** @description An integer. Read as DRF reads it: `5`, `5.0`, `"5"` and `"5.0"` are all 5; `5.5`, `true` and `""` are refused. At least 0. */
            num_adults: number | string;
            /** @description An integer. Read as DRF reads it: `5`, `5.0`, `"5"` and `"5.0"` are all 5; `5.5`, `true` and `""` are refused. At least 0. */
            num_youth?: number | string;
            /** @description An integer. Read as DRF reads it: `5`, `5.0`, `"5"` and `"5.0"` are all 5; `5.5`, `true` and `""` are refused. At least 0. */
            num_children?: number | string;
            /** @description Surrounding whitespace is trimmed, then at most 150 characters; the empty string is allowed. A number is taken as its text. */
            guest_first_name?: string | number;
            /** @description Surrounding whitespace is trimmed, then at most 150 characters; the empty string is allowed. A number is taken as its text. */
            guest_last_name?: string | number;
            /** @description Surrounding whitespace is trimmed, then at most 254 characters and a valid email address; the empty string is allowed. A number is taken as its text. */
            guest_email?: string | number;
            /**
             * @description Optional: a customer of your tenant, or null. Read like the other integers. An unknown id: `{"customer_id":["Invalid pk \"N\" - object does not exist."]}`; another type: `{"customer_id":["Incorrect type. Expected pk value, received str."]}`.
             * @example 5
             */
            customer_id?: number | string | null;
        };
        /**
         * @description A new endpoint. Unknown fields are ignored.
         * @example {
         *       "url": "https://hooks.example.com/campsite",
         *       "types": [
         *         "booking"
         *       ],
         *       "description": "channel manager"
         *     }
         */
        CreateWebhookEndpoint: {
            /**
             * Format: uri
             * @description A public `https` URL of at most 2048 characters, without user info, whose host is not a loopback, private, link-local, shared, unique-local, multicast, unspecified or documentation address (docs/webhooks.md). Refused: `{"url":["Enter a public https URL."]}`.
             * @example https://hooks.example.com/campsite
             */
            url: string;
            /** @description Change types to deliver; duplicates are folded. Default: every type the key can read. A type the key cannot read: `{"types":["Not readable with this key: customer."]}`. */
            types?: ("booking" | "site" | "customer" | "invoice")[];
            /**
             * @description A feed cursor (the change feed's `cursor`); delivery goes on after it. `""` is the beginning of the feed. Malformed or of another tenant: 400 `{"detail":"invalid_cursor"}`.
             * @example 0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042
             */
            after?: string;
            /** @description Surrounding whitespace is trimmed, then at most 200 characters; the empty string is allowed. A number is taken as its text. */
            description?: string | number;
        };
        /**
         * @description Any of the fields; absent fields keep their value. The same rules as at creation.
         * @example {
         *       "status": "paused"
         *     }
         */
        UpdateWebhookEndpoint: {
            /**
             * Format: uri
             * @description A public `https` URL of at most 2048 characters, without user info, whose host is not a loopback, private, link-local, shared, unique-local, multicast, unspecified or documentation address (docs/webhooks.md). Refused: `{"url":["Enter a public https URL."]}`.
             * @example https://hooks.example.com/campsite
             */
            url?: string;
            /** @description Change types to deliver; duplicates are folded. Default: every type the key can read. A type the key cannot read: `{"types":["Not readable with this key: customer."]}`. */
            types?: ("booking" | "site" | "customer" | "invoice")[];
            /** @description Surrounding whitespace is trimmed, then at most 200 characters; the empty string is allowed. A number is taken as its text. */
            description?: string | number;
            /**
             * @description `paused` stops delivery and keeps the position; `active` resumes from it.
             * @enum {unknown}
             */
            status?: "active" | "paused";
        };
        /**
         * @description An empty body, or `expire_previous`.
         * @example {
         *       "expire_previous": true
         *     }
         */
        RotateSecret: {
            /** @description True: the secrets before the new one stop signing at once instead of in 24 hours. */
            expire_previous?: boolean;
        };
        /**
         * @description Where delivery goes on.
         * @example {
         *       "after": ""
         *     }
         */
        Replay: {
            /**
             * @description A feed cursor (the change feed's `cursor`); delivery goes on after it. `""` is the beginning of the feed. Malformed or of another tenant: 400 `{"detail":"invalid_cursor"}`.
             * @example 0f3c1e5a9b7d4c2e8f6a1b3c5d7e9f01-1042
             */
            after: string;
        };
    };
    responses: {
        /** @description The key is missing, malformed, unknown, revoked or expired. Not counted against the rate limit. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Unauthorized"];
            };
        };
        /** @description Plain HTTP (`https_required`, before anything else), or a key without this operation's scope. */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                /** @description Requests allowed per window for this key. */
                "RateLimit-Limit"?: string;
                /** @description Requests left in the current window. */
                "RateLimit-Remaining"?: string;
                /** @description Seconds until the window resets. */
                "RateLimit-Reset"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Forbidden"];
            };
        };
        /** @description The `Host` header is malformed or repeated (when no public URL is configured). */
        InvalidHost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["InvalidHost"];
            };
        };
        /** @description The page is not an integer, below 1, or past the end. */
        InvalidPage: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                /** @description Requests allowed per window for this key. */
                "RateLimit-Limit"?: string;
                /** @description Requests left in the current window. */
                "RateLimit-Remaining"?: string;
                /** @description Seconds until the window resets. */
                "RateLimit-Reset"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NotFound"];
            };
        };
        /** @description No such record in your tenant (another tenant's records do not exist for you), or an unknown path. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                /** @description Requests allowed per window for this key. */
                "RateLimit-Limit"?: string;
                /** @description Requests left in the current window. */
                "RateLimit-Remaining"?: string;
                /** @description Seconds until the window resets. */
                "RateLimit-Reset"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["NotFound"];
            };
        };
        /** @description The path exists, but not with this method. `OPTIONS` is a wrong method too. */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                Allow: components["headers"]["Allow"];
                /** @description Requests allowed per window for this key. */
                "RateLimit-Limit"?: string;
                /** @description Requests left in the current window. */
                "RateLimit-Remaining"?: string;
                /** @description Seconds until the window resets. */
                "RateLimit-Reset"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["MethodNotAllowed"];
            };
        };
        /** @description The rate limit is exhausted: the key's, or the address's limit on failed authentications. */
        Throttled: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Retry-After": components["headers"]["Retry-After"];
                /** @description Requests allowed per window for this key. */
                "RateLimit-Limit"?: string;
                /** @description Requests left in the current window. */
                "RateLimit-Remaining"?: string;
                /** @description Seconds until the window resets. */
                "RateLimit-Reset"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Throttled"];
            };
        };
        /** @description A fault on our side; the body says nothing more. Retry with exponential backoff. */
        ServerError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                /** @description Requests allowed per window for this key. */
                "RateLimit-Limit"?: string;
                /** @description Requests left in the current window. */
                "RateLimit-Remaining"?: string;
                /** @description Seconds until the window resets. */
                "RateLimit-Reset"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ServerError"];
            };
        };
        /** @description Not modified: `If-None-Match` named the `ETag` the 200 would carry. No body, and not counted against the rate limit. */
        NotModified: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                ETag: components["headers"]["ETag"];
                /** @description Requests allowed per window for this key. */
                "RateLimit-Limit"?: string;
                /** @description Requests left in the current window. */
                "RateLimit-Remaining"?: string;
                /** @description Seconds until the window resets. */
                "RateLimit-Reset"?: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The database connection was lost; the request did not take effect (a write may be sent again). Retry after `Retry-After`. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                "Cache-Control": components["headers"]["Cache-Control"];
                "Retry-After": components["headers"]["Retry-After"];
                /** @description Requests allowed per window for this key. */
                "RateLimit-Limit"?: string;
                /** @description Requests left in the current window. */
                "RateLimit-Remaining"?: string;
                /** @description Seconds until the window resets. */
                "RateLimit-Reset"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ServiceUnavailable"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Identifies this request in our logs; quote it when you report a problem. A client-sent `X-Request-Id` of 1–128 characters from `[A-Za-z0-9._-]` is echoed, otherwise a fresh one is made. */
        "X-Request-Id": string;
        /** @description On every answer: use HTTPS only. */
        "Strict-Transport-Security": string;
        /** @description On every answer. */
        "X-Content-Type-Options": "nosniff";
        /** @description On every answer: nothing is stored by caches along the way. */
        "Cache-Control": "no-store";
        /** @description Requests allowed per window for this key. */
        "RateLimit-Limit": string;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining": string;
        /** @description Seconds until the window resets. */
        "RateLimit-Reset": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": string;
        /** @description The absolute URL of the created booking. */
        Location: string;
        /** @description Always `Bearer`. */
        "WWW-Authenticate": "Bearer";
        /** @description A strong validator of the exact bytes; send it back as `If-None-Match` to get 304 while they are unchanged. */
        ETag: string;
        /** @description An attachment named `<invoice_number>.pdf` (characters outside `A-Za-z0-9._-` become `_`). */
        "Content-Disposition": string;
        /** @description On a 201 that repeats the stored answer of an earlier request with the same `Idempotency-Key`: nothing was created. */
        "Idempotent-Replayed": "true";
        /** @description The methods this path has. */
        Allow: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listBookings: {
        parameters: {
            query?: {
                /**
                 * @description The 1-based page number, read like Python's `int()` (surrounding whitespace and a sign are fine), or `last` for the last page. Missing or empty: 1. Not an integer, below 1, or past the end: 404 `{"detail":"Invalid page."}`. An empty list still has page 1.
                 * @example 2
                 */
                page?: "last" | string;
                /**
                 * @description Records per page, default 50, at most 200. A larger value is clamped to 200; a value that is missing, empty, not an integer, 0 or negative means 50. Never an error.
                 * @example 200
                 */
                page_size?: string;
                /** @description An opaque position that `next` links carry so that the next page is read without an offset scan. Do not build it; a malformed or stale one is ignored. */
                cursor?: string;
                /** @description Exact match on the booking status. An unknown value gives an empty page; an empty value is not applied. */
                status?: string;
                /** @description Bookings with `check_in_date` on or after this date (`YYYY-MM-DD`). Empty: not applied. */
                check_in_from?: string;
                /** @description Bookings with `check_in_date` on or before this date (`YYYY-MM-DD`). Empty: not applied. */
                check_in_to?: string;
                /** @description Bookings of this customer (exact). A number that is no customer's id gives an empty page; not a number: 400 `{"customer_id":["Enter a number."]}`. Empty: not applied. */
                customer_id?: string;
                /** @description Records with `updated_at` at or after this instant: an ISO 8601 datetime with `Z` or an offset (send `+` as `%2B`). Malformed: 400 `{"updated_since":["Enter a valid date/time."]}`. Empty: not applied. The order stays the list's own. */
                updated_since?: string;
            };
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of bookings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingPage"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description A malformed filter value, or a malformed `Host`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingFilterErrors"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["InvalidPage"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createBooking: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Optional. 1 to 255 characters of visible ASCII (a fresh UUID per booking attempt). A retry with the same key and the same body within 24 hours answers the stored 201 again, with `Idempotent-Replayed: true`, and creates nothing. Keys belong to the tenant.
                 * @example 5b0e8a52-2f4c-4f57-9a53-3f1f0f0c8f11
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateBooking"];
            };
        };
        responses: {
            /** @description Created, or the stored answer of an earlier request with the same `Idempotency-Key` and body. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            /** @description The body or the `Idempotency-Key` was refused; nothing was created. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingInputError"] | components["schemas"]["CreateBookingFieldErrors"] | components["schemas"]["InvalidIdempotencyKey"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The first request with this `Idempotency-Key` is still running; retry shortly with the same key. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyKeyInUse"];
                };
            };
            /** @description The body exceeds 1048576 bytes (1 MiB). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description A non-empty body that is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            /** @description This `Idempotency-Key` came with another body in the last 24 hours; nothing was created. */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdempotencyKeyReused"];
                };
            };
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAvailability: {
        parameters: {
            query?: {
                /**
                 * @description The 1-based page number, read like Python's `int()` (surrounding whitespace and a sign are fine), or `last` for the last page. Missing or empty: 1. Not an integer, below 1, or past the end: 404 `{"detail":"Invalid page."}`. An empty list still has page 1.
                 * @example 2
                 */
                page?: "last" | string;
                /**
                 * @description Records per page, default 50, at most 200. A larger value is clamped to 200; a value that is missing, empty, not an integer, 0 or negative means 50. Never an error.
                 * @example 200
                 */
                page_size?: string;
                /** @description An opaque position that `next` links carry so that the next page is read without an offset scan. Do not build it; a malformed or stale one is ignored. */
                cursor?: string;
                /**
                 * @description The first night of the window, `YYYY-MM-DD`. Required.
                 * @example 2027-08-01
                 */
                from?: string;
                /**
                 * @description The departure date after the window's last night, `YYYY-MM-DD`. Required; after `from` and at most 366 nights later.
                 * @example 2027-09-01
                 */
                to?: string;
            };
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of sites with their free runs. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteAvailabilityPage"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description The window is missing, malformed, reversed or too long, or a malformed `Host`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilityErrors"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["InvalidPage"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getBooking: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description The booking's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Booking"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidHost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSites: {
        parameters: {
            query?: {
                /**
                 * @description The 1-based page number, read like Python's `int()` (surrounding whitespace and a sign are fine), or `last` for the last page. Missing or empty: 1. Not an integer, below 1, or past the end: 404 `{"detail":"Invalid page."}`. An empty list still has page 1.
                 * @example 2
                 */
                page?: "last" | string;
                /**
                 * @description Records per page, default 50, at most 200. A larger value is clamped to 200; a value that is missing, empty, not an integer, 0 or negative means 50. Never an error.
                 * @example 200
                 */
                page_size?: string;
                /** @description An opaque position that `next` links carry so that the next page is read without an offset scan. Do not build it; a malformed or stale one is ignored. */
                cursor?: string;
                /** @description Records with `updated_at` at or after this instant: an ISO 8601 datetime with `Z` or an offset (send `+` as `%2B`). Malformed: 400 `{"updated_since":["Enter a valid date/time."]}`. Empty: not applied. The order stays the list's own. */
                updated_since?: string;
            };
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of sites. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitePage"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description A malformed filter value, or a malformed `Host`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedSinceErrors"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["InvalidPage"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /**
                 * @description The 1-based page number, read like Python's `int()` (surrounding whitespace and a sign are fine), or `last` for the last page. Missing or empty: 1. Not an integer, below 1, or past the end: 404 `{"detail":"Invalid page."}`. An empty list still has page 1.
                 * @example 2
                 */
                page?: "last" | string;
                /**
                 * @description Records per page, default 50, at most 200. A larger value is clamped to 200; a value that is missing, empty, not an integer, 0 or negative means 50. Never an error.
                 * @example 200
                 */
                page_size?: string;
                /** @description An opaque position that `next` links carry so that the next page is read without an offset scan. Do not build it; a malformed or stale one is ignored. */
                cursor?: string;
                /** @description Records with `updated_at` at or after this instant: an ISO 8601 datetime with `Z` or an offset (send `+` as `%2B`). Malformed: 400 `{"updated_since":["Enter a valid date/time."]}`. Empty: not applied. The order stays the list's own. */
                updated_since?: string;
            };
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of customers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerPage"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description A malformed filter value, or a malformed `Host`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdatedSinceErrors"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["InvalidPage"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /**
                 * @description The 1-based page number, read like Python's `int()` (surrounding whitespace and a sign are fine), or `last` for the last page. Missing or empty: 1. Not an integer, below 1, or past the end: 404 `{"detail":"Invalid page."}`. An empty list still has page 1.
                 * @example 2
                 */
                page?: "last" | string;
                /**
                 * @description Records per page, default 50, at most 200. A larger value is clamped to 200; a value that is missing, empty, not an integer, 0 or negative means 50. Never an error.
                 * @example 200
                 */
                page_size?: string;
                /** @description An opaque position that `next` links carry so that the next page is read without an offset scan. Do not build it; a malformed or stale one is ignored. */
                cursor?: string;
                /** @description Exact match on the invoice status (`OFFEN`, `ERLEDIGT`, …). Empty: not applied. A NUL character: 400 `{"status":["Null characters are not allowed."]}`. */
                status?: string;
                /** @description Invoices issued on or after this UTC date (`YYYY-MM-DD`). Malformed: 400 `{"issued_from":["Enter a valid date."]}`. */
                issued_from?: string;
                /** @description Invoices issued on or before this UTC date (`YYYY-MM-DD`). Empty: not applied. */
                issued_to?: string;
                /** @description Records with `updated_at` at or after this instant: an ISO 8601 datetime with `Z` or an offset (send `+` as `%2B`). Malformed: 400 `{"updated_since":["Enter a valid date/time."]}`. Empty: not applied. The order stays the list's own. */
                updated_since?: string;
            };
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of invoices. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoicePage"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description A malformed filter value, or a malformed `Host`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceFilterErrors"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["InvalidPage"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description The invoice's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invoice"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidHost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listInvoiceLines: {
        parameters: {
            query?: {
                /**
                 * @description The 1-based page number, read like Python's `int()` (surrounding whitespace and a sign are fine), or `last` for the last page. Missing or empty: 1. Not an integer, below 1, or past the end: 404 `{"detail":"Invalid page."}`. An empty list still has page 1.
                 * @example 2
                 */
                page?: "last" | string;
                /**
                 * @description Records per page, default 50, at most 200. A larger value is clamped to 200; a value that is missing, empty, not an integer, 0 or negative means 50. Never an error.
                 * @example 200
                 */
                page_size?: string;
                /** @description An opaque position that `next` links carry so that the next page is read without an offset scan. Do not build it; a malformed or stale one is ignored. */
                cursor?: string;
            };
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description The invoice's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of lines. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceLinePage"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidHost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getInvoicePdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description The invoice's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Not modified: `If-None-Match` named this document's `ETag`. No body. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidHost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listChanges: {
        parameters: {
            query?: {
                /** @description The `cursor` of an earlier answer: the feed continues right after it. Absent or empty: from the beginning. Malformed, or from another tenant: 400 `{"detail":"invalid_cursor"}`. */
                after?: string;
                /**
                 * @description Records per page, default 50, at most 200. A larger value is clamped to 200; a value that is missing, empty, not an integer, 0 or negative means 50. Never an error.
                 * @example 200
                 */
                page_size?: string;
            };
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of changes. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChangePage"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description `after` is malformed or belongs to another tenant, or a malformed `Host`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvalidCursor"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointPage"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidHost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpoint"];
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description The absolute URL of the created endpoint. */
                    Location: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            /** @description The body was refused; nothing was changed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointFieldErrors"] | components["schemas"]["WebhookEndpointLimit"] | components["schemas"]["InvalidCursor"] | components["schemas"]["JsonParseError"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The body exceeds 1048576 bytes (1 MiB). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description A non-empty body that is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description The endpoint's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidHost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The endpoint's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. No body. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidHost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The endpoint's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookEndpoint"];
            };
        };
        responses: {
            /** @description The endpoint as stored now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The body was refused; nothing was changed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointFieldErrors"] | components["schemas"]["JsonParseError"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The body exceeds 1048576 bytes (1 MiB). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description A non-empty body that is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The endpoint's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateSecret"];
            };
        };
        responses: {
            /** @description The new secret, shown this once. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedSecret"];
                };
            };
            /** @description The body was refused; nothing was changed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointFieldErrors"] | components["schemas"]["JsonParseError"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The body exceeds 1048576 bytes (1 MiB). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description A non-empty body that is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    replayWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The endpoint's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["Replay"];
            };
        };
        responses: {
            /** @description The endpoint with its new `position`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The body was refused; nothing was changed. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointFieldErrors"] | components["schemas"]["InvalidCursor"] | components["schemas"]["JsonParseError"] | components["schemas"]["InvalidHost"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The body exceeds 1048576 bytes (1 MiB). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayloadTooLarge"];
                };
            };
            /** @description A non-empty body that is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnsupportedMediaType"];
                };
            };
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    pingWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The endpoint's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the message is on its way. No body. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["InvalidHost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description The 1-based page number, read like Python's `int()` (surrounding whitespace and a sign are fine), or `last` for the last page. Missing or empty: 1. Not an integer, below 1, or past the end: 404 `{"detail":"Invalid page."}`. An empty list still has page 1.
                 * @example 2
                 */
                page?: "last" | string;
                /**
                 * @description Records per page, default 50, at most 200. A larger value is clamped to 200; a value that is missing, empty, not an integer, 0 or negative means 50. Never an error.
                 * @example 200
                 */
                page_size?: string;
                /** @description An opaque position that `next` links carry so that the next page is read without an offset scan. Do not build it; a malformed or stale one is ignored. */
                cursor?: string;
            };
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path: {
                /**
                 * @description The endpoint's `id`.
                 * @example 17
                 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of attempts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidHost"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such endpoint in your tenant, or a page past the end. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Requests allowed per window for this key. */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFound"];
                };
            };
            429: components["responses"]["Throttled"];
            500: components["responses"]["ServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            304: components["responses"]["NotModified"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready to serve. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description The database did not answer in time; send traffic elsewhere. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidHost"];
            403: components["responses"]["Forbidden"];
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidHost"];
            403: components["responses"]["Forbidden"];
        };
    };
    getApiReferenceAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more `ETag`s from earlier answers (or `*`). When the answer would carry one of them: 304, no body, no rate-limit cost. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A file name the reference page uses. */
                asset: "swagger-ui.css" | "swagger-ui-bundle.js" | "init.js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Strict-Transport-Security": components["headers"]["Strict-Transport-Security"];
                    "X-Content-Type-Options": components["headers"]["X-Content-Type-Options"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                    "text/css": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["InvalidHost"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    receiveChanges: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The message id: the same on every attempt of one message, so a repeat can be recognised.
                 * @example msg_2KWPBgLlAfxdpx2AI54pPJ85f4W
                 */
                "webhook-id": string;
                /**
                 * @description Unix time in seconds of this attempt. Refuse a message whose timestamp is more than 5 minutes from your clock: it may be a replay.
                 * @example 1780315230
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64>` entries: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, as received), keyed by the bytes the base64 after `whsec_` encodes. One entry per valid secret (two during a rotation): accept the message when any of them matches, compared in constant time.
                 * @example v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangesWebhookMessage"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is paused at once, with a `paused_reason`; it keeps its position. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: any 2xx within `WEBHOOK_TIMEOUT_MS` (default 10 s). The body is read (at most 64 KiB) and dropped. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, a redirect included, fails the attempt: the same message is sent again later (after 5 s, 30 s, 2 min, …, with `Retry-After` of a 429 or 503 honoured up to an hour). After 3 days of failures the endpoint is paused. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receivePing: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The message id: the same on every attempt of one message, so a repeat can be recognised.
                 * @example msg_2KWPBgLlAfxdpx2AI54pPJ85f4W
                 */
                "webhook-id": string;
                /**
                 * @description Unix time in seconds of this attempt. Refuse a message whose timestamp is more than 5 minutes from your clock: it may be a replay.
                 * @example 1780315230
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64>` entries: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, as received), keyed by the bytes the base64 after `whsec_` encodes. One entry per valid secret (two during a rotation): accept the message when any of them matches, compared in constant time.
                 * @example v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PingWebhookMessage"];
            };
        };
        responses: {
            /** @description Gone: the endpoint is paused at once, with a `paused_reason`; it keeps its position. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: any 2xx within `WEBHOOK_TIMEOUT_MS` (default 10 s). The body is read (at most 64 KiB) and dropped. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else, a redirect included, fails the attempt: the same message is sent again later (after 5 s, 30 s, 2 min, …, with `Retry-After` of a 429 or 503 honoured up to an hour). After 3 days of failures the endpoint is paused. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
