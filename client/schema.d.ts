/** Generated from /openapi.json by `npm run client:generate`. Do not edit by hand. */

export interface paths {
    "/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    contactId?: string;
                    cursor?: string;
                    /** @description Activity at or after this time. ISO 8601 date or date-time (UTC when no offset). */
                    from?: string;
                    limit?: number;
                    /** @description Activity before this time (a bare date includes that day). ISO 8601 date or date-time (UTC when no offset). */
                    to?: string;
                    /** @description One type or a comma list of: event.triggered, email.sent, email.delivered, email.opened, email.clicked, email.bounced, email.complaint, email.received, email.suppressed, contact.subscribed, contact.unsubscribed, campaign.sent, campaign.scheduled, workflow.started, workflow.completed. */
                    type?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                campaign?: {
                                    id: string;
                                    name: string;
                                };
                                contact?: {
                                    email: string;
                                    id: string;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                /** @description The event's data for event items; the milestone's facts for campaign, workflow and suppression items. */
                                data: {
                                    [key: string]: unknown;
                                };
                                email?: {
                                    id: string;
                                    subject: string;
                                };
                                /** @description The stored event behind the item, when there is one. */
                                event?: {
                                    name: string;
                                };
                                id: string;
                                /**
                                 * @description An activity type (see `type` of GET /activity).
                                 * @enum {string}
                                 */
                                type: "event.triggered" | "email.sent" | "email.delivered" | "email.opened" | "email.clicked" | "email.bounced" | "email.complaint" | "email.received" | "email.suppressed" | "contact.subscribed" | "contact.unsubscribed" | "campaign.sent" | "campaign.scheduled" | "workflow.started" | "workflow.completed";
                                workflow?: {
                                    id: string;
                                    name: string;
                                };
                            }[];
                            hasMore: boolean;
                            /** @description Matching items, counted up to 10,000 (10000 means at least that); only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activity/recent-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    minutes?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description True when the count stopped at the cap. */
                            capped: boolean;
                            /** @description Items of the last `minutes`, counted up to 10,000. */
                            count: number;
                            minutes: number;
                            /** Format: date-time */
                            since: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activity/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Start (its UTC hour included); default: 30 days before `to`. ISO 8601 date or date-time (UTC when no offset). */
                    from?: string;
                    /** @description IANA time zone (`Europe/Paris`); default UTC. */
                    timezone?: string;
                    /** @description End, exclusive (rounded up to a whole UTC hour); default: now. ISO 8601 date or date-time (UTC when no offset). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Every activity type, in the order of the type list, zeros included. */
                            byType: {
                                count: number;
                                /**
                                 * @description An activity type (see `type` of GET /activity).
                                 * @enum {string}
                                 */
                                type: "event.triggered" | "email.sent" | "email.delivered" | "email.opened" | "email.clicked" | "email.bounced" | "email.complaint" | "email.received" | "email.suppressed" | "contact.subscribed" | "contact.unsubscribed" | "campaign.sent" | "campaign.scheduled" | "workflow.started" | "workflow.completed";
                            }[];
                            /** Format: date-time */
                            from: string;
                            /** Format: date-time */
                            to: string;
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activity/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Activity types with at least one item in the feed. */
                            types: ("event.triggered" | "email.sent" | "email.delivered" | "email.opened" | "email.clicked" | "email.bounced" | "email.complaint" | "email.received" | "email.suppressed" | "contact.subscribed" | "contact.unsubscribed" | "campaign.sent" | "campaign.scheduled" | "workflow.started" | "workflow.completed")[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/activity/upcoming": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description SCHEDULED campaigns, soonest first, at most `limit`. */
                            campaigns: {
                                id: string;
                                name: string;
                                /** Format: date-time */
                                scheduledAt: string;
                                totalRecipients: number;
                            }[];
                            /** @description WAITING workflow executions, soonest due first (those without a due time last), at most `limit`. */
                            executions: {
                                contact: {
                                    email: string;
                                    id: string;
                                };
                                /**
                                 * Format: date-time
                                 * @description When the wait ends (a delay, or an event wait's timeout); null: waits for the event only.
                                 */
                                dueAt: string | null;
                                id: string;
                                stepId: string | null;
                                /** @description The event name awaited, if any. */
                                waitingFor: string | null;
                                workflow: {
                                    id: string;
                                    name: string;
                                };
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/campaign-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                /** @description Emails bounced in the bucket. */
                                bounced: number;
                                /** @description bounced as a percent of `sent` (two decimals). */
                                bounceRate: number;
                                /** @description Emails first clicked in the bucket (unique clicks). */
                                clicked: number;
                                /** @description clicked as a percent of `sent` (two decimals). */
                                clickRate: number;
                                /** @description Emails reported as spam in the bucket. */
                                complained: number;
                                /** @description complained as a percent of `sent` (two decimals). */
                                complaintRate: number;
                                /** @description Emails first known delivered in the bucket (a delivery report, or else a first open or click). */
                                delivered: number;
                                /** @description delivered as a percent of `sent` (two decimals). */
                                deliveryRate: number;
                                id: string;
                                name: string;
                                /** @description Emails first opened in the bucket (unique opens). */
                                opened: number;
                                /** @description opened as a percent of `sent` (two decimals). */
                                openRate: number;
                                /** @description The campaign's audience size when it was sent or scheduled. */
                                recipients: number;
                                /** @description Emails handed to the transport in the bucket. */
                                sent: number;
                                /** Format: date-time */
                                sentAt: string | null;
                                status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                                /** @description Contacts who unsubscribed through a link of one of its emails. */
                                unsubscribed: number;
                            }[];
                            hasMore: boolean;
                            /** @description Matching campaigns; only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Start, inclusive; default: 30 buckets (day) or 24 (hour) ending with the one holding `to`. ISO 8601 date (a local day in `timezone`) or date-time (UTC when no offset). */
                    from?: string;
                    interval?: "hour" | "day";
                    /** @description IANA time zone (`Europe/Paris`); default UTC. */
                    timezone?: string;
                    /** @description End, exclusive (a bare date includes that day); default: now. ISO 8601 date (a local day in `timezone`) or date-time (UTC when no offset). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Every bucket of the range, oldest first; empty ones are zeros. */
                            data: {
                                /** @description Emails bounced in the bucket. */
                                bounced: number;
                                /** @description Emails first clicked in the bucket (unique clicks). */
                                clicked: number;
                                /** @description Emails reported as spam in the bucket. */
                                complained: number;
                                /** @description Emails first known delivered in the bucket (a delivery report, or else a first open or click). */
                                delivered: number;
                                /** @description The bucket in the caller's calendar: `YYYY-MM-DD` (day) or a local date-time with offset (hour). */
                                label: string;
                                /** @description Emails first opened in the bucket (unique opens). */
                                opened: number;
                                /** @description Emails handed to the transport in the bucket. */
                                sent: number;
                                /**
                                 * Format: date-time
                                 * @description First instant of the bucket (UTC).
                                 */
                                start: string;
                            }[];
                            /**
                             * Format: date-time
                             * @description First instant of the first bucket.
                             */
                            from: string;
                            interval: "hour" | "day";
                            timezone: string;
                            /**
                             * Format: date-time
                             * @description End of the last bucket (exclusive).
                             */
                            to: string;
                            totals: {
                                /** @description Emails bounced in the bucket. */
                                bounced: number;
                                /** @description Emails first clicked in the bucket (unique clicks). */
                                clicked: number;
                                /** @description Emails reported as spam in the bucket. */
                                complained: number;
                                /** @description Emails first known delivered in the bucket (a delivery report, or else a first open or click). */
                                delivered: number;
                                /** @description Emails first opened in the bucket (unique opens). */
                                opened: number;
                                /** @description Emails handed to the transport in the bucket. */
                                sent: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/top-campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    metric?: "sent" | "opened" | "clicked" | "openRate" | "clickRate";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Campaigns that sent anything, best first. */
                            data: {
                                /** @description Emails bounced in the bucket. */
                                bounced: number;
                                /** @description bounced as a percent of `sent` (two decimals). */
                                bounceRate: number;
                                /** @description Emails first clicked in the bucket (unique clicks). */
                                clicked: number;
                                /** @description clicked as a percent of `sent` (two decimals). */
                                clickRate: number;
                                /** @description Emails reported as spam in the bucket. */
                                complained: number;
                                /** @description complained as a percent of `sent` (two decimals). */
                                complaintRate: number;
                                /** @description Emails first known delivered in the bucket (a delivery report, or else a first open or click). */
                                delivered: number;
                                /** @description delivered as a percent of `sent` (two decimals). */
                                deliveryRate: number;
                                id: string;
                                name: string;
                                /** @description Emails first opened in the bucket (unique opens). */
                                opened: number;
                                /** @description opened as a percent of `sent` (two decimals). */
                                openRate: number;
                                /** @description The campaign's audience size when it was sent or scheduled. */
                                recipients: number;
                                /** @description Emails handed to the transport in the bucket. */
                                sent: number;
                                /** Format: date-time */
                                sentAt: string | null;
                                status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                                /** @description Contacts who unsubscribed through a link of one of its emails. */
                                unsubscribed: number;
                            }[];
                            metric: "sent" | "opened" | "clicked" | "openRate" | "clickRate";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/top-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Start (its UTC day included); default: all time. ISO 8601 date (a local day in `timezone`) or date-time (UTC when no offset). */
                    from?: string;
                    limit?: number;
                    /** @description End, exclusive (whole UTC days: the day holding `to` is included). ISO 8601 date (a local day in `timezone`) or date-time (UTC when no offset). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Tracked (custom) event names, most frequent first; system events are left out. */
                            data: {
                                count: number;
                                name: string;
                            }[];
                            /** Format: date-time */
                            from: string | null;
                            /** Format: date-time */
                            to: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description An action, or every action of a resource with `template.*`. */
                    action?: string;
                    /** @description A user id, `sk_…` key id or email. */
                    actor?: string;
                    cursor?: string;
                    limit?: number;
                    resourceId?: string;
                    resourceType?: string;
                    since?: string;
                    until?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                /**
                                 * @description What happened, `<resource>.<verb>`: "template.updated", "auth.signed_in", …
                                 * @enum {string}
                                 */
                                action: "audit_log.exported" | "auth.sign_in_failed" | "auth.signed_in" | "billing.checkout_started" | "billing.limits_changed" | "billing.portal_opened" | "campaign.cancelled" | "campaign.created" | "campaign.deleted" | "campaign.sent" | "campaign.test_sent" | "campaign.updated" | "campaign.winner_chosen" | "contact.deleted" | "contact.erased" | "contact.exported" | "contacts.bulk_deleted" | "contacts.bulk_subscribed" | "contacts.bulk_unsubscribed" | "contacts.imported" | "domain.created" | "domain.deleted" | "email.retried" | "event.deleted" | "field.deleted" | "invite.revoked" | "key.rotated" | "mcp.create_campaign_draft" | "mcp.get_campaign_stats" | "mcp.get_contact" | "mcp.list_campaigns" | "mcp.list_contacts" | "mcp.list_templates" | "mcp.search_email_log" | "mcp.send_email" | "mcp.track_event" | "mcp.upsert_contact" | "member.added" | "member.joined" | "member.removed" | "member.role_changed" | "project.created" | "project.deleted" | "project.reinstated" | "project.reset" | "project.updated" | "segment.created" | "segment.deleted" | "segment.members_added" | "segment.members_removed" | "segment.recomputed" | "segment.updated" | "suppression.created" | "suppression.deleted" | "suppressions.exported" | "suppressions.imported" | "template.created" | "template.deleted" | "template.draft_discarded" | "template.draft_saved" | "template.published" | "template.updated" | "template.version_restored" | "topic.created" | "topic.deleted" | "topic.updated" | "transport.created" | "transport.deleted" | "transport.tested" | "transport.updated" | "upload.created" | "upload.deleted" | "webhook_endpoint.created" | "webhook_endpoint.deleted" | "webhook_endpoint.secret_rotated" | "webhook_endpoint.tested" | "webhook_endpoint.updated" | "webhook_message.retried" | "workflow.created" | "workflow.deleted" | "workflow.execution_cancelled" | "workflow.execution_started" | "workflow.executions_cancelled" | "workflow.step_added" | "workflow.step_removed" | "workflow.step_updated" | "workflow.transition_added" | "workflow.transition_removed" | "workflow.updated";
                                actor: {
                                    /** @description The member's address when the change was made. */
                                    email?: string;
                                    /** @description A member's user id, the secret key as `sk_…` and its last characters, or null. */
                                    id: string | null;
                                    type: "USER" | "KEY" | "SYSTEM";
                                };
                                /** Format: date-time */
                                at: string;
                                /** @description The fields that changed, each [before, after]; secrets read "[redacted]". */
                                changes?: {
                                    [key: string]: unknown[];
                                };
                                id: string;
                                ip: string | null;
                                resource: {
                                    id: string | null;
                                    type: string;
                                };
                                userAgent: string | null;
                            }[];
                            hasMore: boolean;
                            /** @description Matching entries; only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The matching entries as CSV (newest first). */
        get: {
            parameters: {
                query?: {
                    /** @description An action, or every action of a resource with `template.*`. */
                    action?: string;
                    /** @description A user id, `sk_…` key id or email. */
                    actor?: string;
                    resourceId?: string;
                    resourceType?: string;
                    since?: string;
                    until?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log/facets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            actions: string[];
                            actors: {
                                /** @description The member's address when the change was made. */
                                email?: string;
                                /** @description A member's user id, the secret key as `sk_…` and its last characters, or null. */
                                id: string | null;
                                type: "USER" | "KEY" | "SYSTEM";
                            }[];
                            resourceTypes: string[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                user: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    email: string;
                                    emailVerified: boolean;
                                    id: string;
                                    language?: "en" | "de" | "fr" | "es";
                                };
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            github: boolean;
                            google: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    code?: string;
                    error?: string;
                    state?: string;
                };
                header?: never;
                path: {
                    provider: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/request-password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/request-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                user: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    email: string;
                                    emailVerified: boolean;
                                    id: string;
                                    language?: "en" | "de" | "fr" | "es";
                                };
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                user: {
                                    /** Format: date-time */
                                    createdAt: string;
                                    email: string;
                                    emailVerified: boolean;
                                    id: string;
                                    language?: "en" | "de" | "fr" | "es";
                                };
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Read as the page number. */
                    cursor?: string;
                    /** @description Alias of pageSize. */
                    limit?: number;
                    /** @description From 1; default 1. */
                    page?: number;
                    /** @description Default 20. */
                    pageSize?: number;
                    status?: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaigns: {
                                /** @description On the project's public archive once SENT. */
                                archive: boolean;
                                audienceType: "ALL" | "SEGMENT" | "FILTERED";
                                /** Format: date-time */
                                cancelledAt: string | null;
                                /** @description Percent of sentCount (0 when nothing was sent). */
                                clickRate: number;
                                /** Format: date-time */
                                createdAt: string;
                                description: string | null;
                                /** @description Content class, as for templates; MARKETING by default. */
                                emailType: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                                id: string;
                                name: string;
                                /** @description Percent of sentCount (0 when nothing was sent). */
                                openRate: number;
                                /** Format: date-time */
                                scheduledAt: string | null;
                                /** Format: date-time */
                                sentAt: string | null;
                                sentCount: number;
                                /** Format: date-time */
                                startedAt: string | null;
                                status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                                subject: string;
                                totalRecipients: number;
                                type: "ALL" | "SEGMENT" | "FILTERED";
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            pageSize: number;
                            /** @description Matching items on every page. */
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        abTest?: {
                            decidedBy: "AUTO" | "MANUAL";
                            metric: "OPENS" | "CLICKS";
                            /** @description Percent of the audience in the test group. */
                            testPercent: number;
                            /** @description AUTO: how long after the last test email was handed over the winner is picked. */
                            waitMinutes: number;
                        } | null;
                        /** @description Listed on the project's public archive (GET /archive/{projectId}) once SENT, readable there without personal data. Default false; absent on PUT: unchanged. */
                        archive?: boolean;
                        /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                        audienceFilter?: components["schemas"]["FilterInput"] | null;
                        audienceType: "ALL" | "SEGMENT" | "FILTERED";
                        /** @description HTML (format HTML) or MJML (format MJML) with Liquid; at most 512 KB. Not given with BLOCKS. */
                        body?: string;
                        description?: string | null;
                        document?: components["schemas"]["BlockDocument"];
                        /** @description Content class, as for templates; MARKETING by default. */
                        emailType?: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                        /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                        format?: "HTML" | "MJML" | "BLOCKS";
                        /** @description Must be on a verified domain. */
                        from: string;
                        fromName?: string | null;
                        name: string;
                        replyTo?: string | null;
                        segmentId?: string | null;
                        /** @description No line breaks; Liquid. */
                        subject: string;
                        /** @description Only the audience's subscribers of this topic receive it. */
                        topicId?: string | null;
                        /** @description MARKETING | HEADLESS | TRANSACTIONAL is read as emailType. */
                        type?: string;
                        /** @description A/B variants (2–4), given together with abTest; null or absent: no test. */
                        variants?: {
                            /** @description HTML (format HTML) or MJML (format MJML) with Liquid; at most 512 KB. Not given with BLOCKS. */
                            body?: string;
                            document?: components["schemas"]["BlockDocument"];
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format?: "HTML" | "MJML" | "BLOCKS";
                            from?: string;
                            fromName?: string | null;
                            /** @description Unique within the campaign. */
                            name: string;
                            subject?: string;
                            /** @description The variant's subject and content are this template's (its live version). */
                            templateId?: string;
                        }[] | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                name: string;
                                /** Format: date-time */
                                scheduledAt: string | null;
                                status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                                subject: string;
                                type: "ALL" | "SEGMENT" | "FILTERED";
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            abTest: {
                                /**
                                 * Format: date-time
                                 * @description When an AUTO test picks its winner.
                                 */
                                decideAt: string | null;
                                decidedBy: "AUTO" | "MANUAL";
                                metric: "OPENS" | "CLICKS";
                                /** @description null until the campaign is sent. */
                                phase: ("TESTING" | "WAITING" | "SENDING_WINNER" | "DONE") | (never | null);
                                /** @description Percent of the audience in the test group. */
                                testPercent: number;
                                /** @description Size of the test group (0 before sending). */
                                testRecipients: number;
                                /** @description AUTO: how long after the last test email was handed over the winner is picked. */
                                waitMinutes: number;
                                winner: string | null;
                            } | null;
                            /** @description On the project's public archive once SENT. */
                            archive: boolean;
                            /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                            audienceFilter: components["schemas"]["FilterInput"] | null;
                            audienceType: "ALL" | "SEGMENT" | "FILTERED";
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description Content class, as for templates; MARKETING by default. */
                            emailType: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string;
                            fromName: string | null;
                            id: string;
                            localSend: {
                                date: string;
                                localTime: string;
                            } | null;
                            name: string;
                            replyTo: string | null;
                            /** Format: date-time */
                            scheduledAt: string | null;
                            segmentId: string | null;
                            /** Format: date-time */
                            sentAt: string | null;
                            /** Format: date-time */
                            startedAt: string | null;
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                            subject: string;
                            /** @description The topic whose subscribers receive it (null: every subscribed contact of the audience); its unsubscribe link leaves that topic only. */
                            topicId: string | null;
                            totalRecipients: number;
                            type: "ALL" | "SEGMENT" | "FILTERED";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description A/B variants with the campaign's values where they change none. */
                            variants: {
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                from: string;
                                fromName: string | null;
                                name: string;
                                subject: string;
                                templateId: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        abTest?: {
                            decidedBy: "AUTO" | "MANUAL";
                            metric: "OPENS" | "CLICKS";
                            /** @description Percent of the audience in the test group. */
                            testPercent: number;
                            /** @description AUTO: how long after the last test email was handed over the winner is picked. */
                            waitMinutes: number;
                        } | null;
                        /** @description Listed on the project's public archive (GET /archive/{projectId}) once SENT, readable there without personal data. Default false; absent on PUT: unchanged. */
                        archive?: boolean;
                        /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                        audienceFilter?: components["schemas"]["FilterInput"] | null;
                        audienceType: "ALL" | "SEGMENT" | "FILTERED";
                        /** @description HTML (format HTML) or MJML (format MJML) with Liquid; at most 512 KB. Not given with BLOCKS. */
                        body?: string;
                        description?: string | null;
                        document?: components["schemas"]["BlockDocument"];
                        /** @description Content class, as for templates; MARKETING by default. */
                        emailType?: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                        /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                        format?: "HTML" | "MJML" | "BLOCKS";
                        /** @description Must be on a verified domain. */
                        from: string;
                        fromName?: string | null;
                        name: string;
                        replyTo?: string | null;
                        segmentId?: string | null;
                        /** @description No line breaks; Liquid. */
                        subject: string;
                        /** @description Only the audience's subscribers of this topic receive it. */
                        topicId?: string | null;
                        /** @description MARKETING | HEADLESS | TRANSACTIONAL is read as emailType. */
                        type?: string;
                        /** @description A/B variants (2–4), given together with abTest; null or absent: no test. */
                        variants?: {
                            /** @description HTML (format HTML) or MJML (format MJML) with Liquid; at most 512 KB. Not given with BLOCKS. */
                            body?: string;
                            document?: components["schemas"]["BlockDocument"];
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format?: "HTML" | "MJML" | "BLOCKS";
                            from?: string;
                            fromName?: string | null;
                            /** @description Unique within the campaign. */
                            name: string;
                            subject?: string;
                            /** @description The variant's subject and content are this template's (its live version). */
                            templateId?: string;
                        }[] | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            abTest: {
                                /**
                                 * Format: date-time
                                 * @description When an AUTO test picks its winner.
                                 */
                                decideAt: string | null;
                                decidedBy: "AUTO" | "MANUAL";
                                metric: "OPENS" | "CLICKS";
                                /** @description null until the campaign is sent. */
                                phase: ("TESTING" | "WAITING" | "SENDING_WINNER" | "DONE") | (never | null);
                                /** @description Percent of the audience in the test group. */
                                testPercent: number;
                                /** @description Size of the test group (0 before sending). */
                                testRecipients: number;
                                /** @description AUTO: how long after the last test email was handed over the winner is picked. */
                                waitMinutes: number;
                                winner: string | null;
                            } | null;
                            /** @description On the project's public archive once SENT. */
                            archive: boolean;
                            /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                            audienceFilter: components["schemas"]["FilterInput"] | null;
                            audienceType: "ALL" | "SEGMENT" | "FILTERED";
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description Content class, as for templates; MARKETING by default. */
                            emailType: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string;
                            fromName: string | null;
                            id: string;
                            localSend: {
                                date: string;
                                localTime: string;
                            } | null;
                            name: string;
                            replyTo: string | null;
                            /** Format: date-time */
                            scheduledAt: string | null;
                            segmentId: string | null;
                            /** Format: date-time */
                            sentAt: string | null;
                            /** Format: date-time */
                            startedAt: string | null;
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                            subject: string;
                            /** @description The topic whose subscribers receive it (null: every subscribed contact of the audience); its unsubscribe link leaves that topic only. */
                            topicId: string | null;
                            totalRecipients: number;
                            type: "ALL" | "SEGMENT" | "FILTERED";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description A/B variants with the campaign's values where they change none. */
                            variants: {
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                from: string;
                                fromName: string | null;
                                name: string;
                                subject: string;
                                templateId: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Listed on the project's public archive (GET /archive/{projectId}) once SENT, readable there without personal data. Default false; absent on PUT: unchanged. */
                        archive?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            abTest: {
                                /**
                                 * Format: date-time
                                 * @description When an AUTO test picks its winner.
                                 */
                                decideAt: string | null;
                                decidedBy: "AUTO" | "MANUAL";
                                metric: "OPENS" | "CLICKS";
                                /** @description null until the campaign is sent. */
                                phase: ("TESTING" | "WAITING" | "SENDING_WINNER" | "DONE") | (never | null);
                                /** @description Percent of the audience in the test group. */
                                testPercent: number;
                                /** @description Size of the test group (0 before sending). */
                                testRecipients: number;
                                /** @description AUTO: how long after the last test email was handed over the winner is picked. */
                                waitMinutes: number;
                                winner: string | null;
                            } | null;
                            /** @description On the project's public archive once SENT. */
                            archive: boolean;
                            /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                            audienceFilter: components["schemas"]["FilterInput"] | null;
                            audienceType: "ALL" | "SEGMENT" | "FILTERED";
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description Content class, as for templates; MARKETING by default. */
                            emailType: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string;
                            fromName: string | null;
                            id: string;
                            localSend: {
                                date: string;
                                localTime: string;
                            } | null;
                            name: string;
                            replyTo: string | null;
                            /** Format: date-time */
                            scheduledAt: string | null;
                            segmentId: string | null;
                            /** Format: date-time */
                            sentAt: string | null;
                            /** Format: date-time */
                            startedAt: string | null;
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                            subject: string;
                            /** @description The topic whose subscribers receive it (null: every subscribed contact of the audience); its unsubscribe link leaves that topic only. */
                            topicId: string | null;
                            totalRecipients: number;
                            type: "ALL" | "SEGMENT" | "FILTERED";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description A/B variants with the campaign's values where they change none. */
                            variants: {
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                from: string;
                                fromName: string | null;
                                name: string;
                                subject: string;
                                templateId: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/campaigns/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            abTest: {
                                /**
                                 * Format: date-time
                                 * @description When an AUTO test picks its winner.
                                 */
                                decideAt: string | null;
                                decidedBy: "AUTO" | "MANUAL";
                                metric: "OPENS" | "CLICKS";
                                /** @description null until the campaign is sent. */
                                phase: ("TESTING" | "WAITING" | "SENDING_WINNER" | "DONE") | (never | null);
                                /** @description Percent of the audience in the test group. */
                                testPercent: number;
                                /** @description Size of the test group (0 before sending). */
                                testRecipients: number;
                                /** @description AUTO: how long after the last test email was handed over the winner is picked. */
                                waitMinutes: number;
                                winner: string | null;
                            } | null;
                            /** @description On the project's public archive once SENT. */
                            archive: boolean;
                            /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                            audienceFilter: components["schemas"]["FilterInput"] | null;
                            audienceType: "ALL" | "SEGMENT" | "FILTERED";
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description Content class, as for templates; MARKETING by default. */
                            emailType: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string;
                            fromName: string | null;
                            id: string;
                            localSend: {
                                date: string;
                                localTime: string;
                            } | null;
                            name: string;
                            replyTo: string | null;
                            /** Format: date-time */
                            scheduledAt: string | null;
                            segmentId: string | null;
                            /** Format: date-time */
                            sentAt: string | null;
                            /** Format: date-time */
                            startedAt: string | null;
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                            subject: string;
                            /** @description The topic whose subscribers receive it (null: every subscribed contact of the audience); its unsubscribe link leaves that topic only. */
                            topicId: string | null;
                            totalRecipients: number;
                            type: "ALL" | "SEGMENT" | "FILTERED";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description A/B variants with the campaign's values where they change none. */
                            variants: {
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                from: string;
                                fromName: string | null;
                                name: string;
                                subject: string;
                                templateId: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            abTest: {
                                /**
                                 * Format: date-time
                                 * @description When an AUTO test picks its winner.
                                 */
                                decideAt: string | null;
                                decidedBy: "AUTO" | "MANUAL";
                                metric: "OPENS" | "CLICKS";
                                /** @description null until the campaign is sent. */
                                phase: ("TESTING" | "WAITING" | "SENDING_WINNER" | "DONE") | (never | null);
                                /** @description Percent of the audience in the test group. */
                                testPercent: number;
                                /** @description Size of the test group (0 before sending). */
                                testRecipients: number;
                                /** @description AUTO: how long after the last test email was handed over the winner is picked. */
                                waitMinutes: number;
                                winner: string | null;
                            } | null;
                            /** @description On the project's public archive once SENT. */
                            archive: boolean;
                            /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                            audienceFilter: components["schemas"]["FilterInput"] | null;
                            audienceType: "ALL" | "SEGMENT" | "FILTERED";
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description Content class, as for templates; MARKETING by default. */
                            emailType: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string;
                            fromName: string | null;
                            id: string;
                            localSend: {
                                date: string;
                                localTime: string;
                            } | null;
                            name: string;
                            replyTo: string | null;
                            /** Format: date-time */
                            scheduledAt: string | null;
                            segmentId: string | null;
                            /** Format: date-time */
                            sentAt: string | null;
                            /** Format: date-time */
                            startedAt: string | null;
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                            subject: string;
                            /** @description The topic whose subscribers receive it (null: every subscribed contact of the audience); its unsubscribe link leaves that topic only. */
                            topicId: string | null;
                            totalRecipients: number;
                            type: "ALL" | "SEGMENT" | "FILTERED";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description A/B variants with the campaign's values where they change none. */
                            variants: {
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                from: string;
                                fromName: string | null;
                                name: string;
                                subject: string;
                                templateId: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD. */
                        date?: string;
                        /** @description With `date`: each recipient's email goes at this time in its zone (at once where it has passed). */
                        localTime?: string;
                        /** @description ISO 8601 date-time in the future; absent: send now. */
                        scheduledFor?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            abTest: {
                                /**
                                 * Format: date-time
                                 * @description When an AUTO test picks its winner.
                                 */
                                decideAt: string | null;
                                decidedBy: "AUTO" | "MANUAL";
                                metric: "OPENS" | "CLICKS";
                                /** @description null until the campaign is sent. */
                                phase: ("TESTING" | "WAITING" | "SENDING_WINNER" | "DONE") | (never | null);
                                /** @description Percent of the audience in the test group. */
                                testPercent: number;
                                /** @description Size of the test group (0 before sending). */
                                testRecipients: number;
                                /** @description AUTO: how long after the last test email was handed over the winner is picked. */
                                waitMinutes: number;
                                winner: string | null;
                            } | null;
                            /** @description On the project's public archive once SENT. */
                            archive: boolean;
                            /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                            audienceFilter: components["schemas"]["FilterInput"] | null;
                            audienceType: "ALL" | "SEGMENT" | "FILTERED";
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description Content class, as for templates; MARKETING by default. */
                            emailType: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string;
                            fromName: string | null;
                            id: string;
                            localSend: {
                                date: string;
                                localTime: string;
                            } | null;
                            name: string;
                            replyTo: string | null;
                            /** Format: date-time */
                            scheduledAt: string | null;
                            segmentId: string | null;
                            /** Format: date-time */
                            sentAt: string | null;
                            /** Format: date-time */
                            startedAt: string | null;
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                            subject: string;
                            /** @description The topic whose subscribers receive it (null: every subscribed contact of the audience); its unsubscribe link leaves that topic only. */
                            topicId: string | null;
                            totalRecipients: number;
                            type: "ALL" | "SEGMENT" | "FILTERED";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description A/B variants with the campaign's values where they change none. */
                            variants: {
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                from: string;
                                fromName: string | null;
                                name: string;
                                subject: string;
                                templateId: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/send-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description YYYY-MM-DD. */
                        date: string;
                        /** @description HH:MM, 24-hour clock. */
                        localTime: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Recipients by zone, soonest first; a moment already past is now. */
                            groups: {
                                recipients: number;
                                /** Format: date-time */
                                sendAt: string;
                                timezone: string;
                            }[];
                            total: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bouncedCount: number;
                            /** @description Percent of sentCount (0 when nothing was sent). */
                            bounceRate: number;
                            clickedCount: number;
                            /** @description Percent of sentCount (0 when nothing was sent). */
                            clickRate: number;
                            complainedCount: number;
                            deliveredCount: number;
                            openedCount: number;
                            /** @description Percent of sentCount (0 when nothing was sent). */
                            openRate: number;
                            sentCount: number;
                            totalRecipients: number;
                            unsubscribedCount: number;
                            /** @description Per A/B variant, only for a campaign with a test. Unique opens and clicks. */
                            variants?: {
                                clicked: number;
                                /** @description Percent of sentCount (0 when nothing was sent). */
                                clickRate: number;
                                name: string;
                                opened: number;
                                /** @description Percent of sentCount (0 when nothing was sent). */
                                openRate: number;
                                sent: number;
                                winner: boolean;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            emailId: string;
                            to: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/timeseries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Bucket size; default hour when the activity spans at most three days, else day. */
                    interval?: "hour" | "day";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Every bucket from the first send to the latest activity, oldest first; empty ones are zeros. Each email counts once per metric, in the bucket of its first such event. */
                            data: {
                                bounced: number;
                                clicked: number;
                                delivered: number;
                                opened: number;
                                sent: number;
                                /**
                                 * Format: date-time
                                 * @description First instant of the bucket (UTC).
                                 */
                                start: string;
                                unsubscribed: number;
                            }[];
                            interval: "hour" | "day";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/{id}/winner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        variant: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            abTest: {
                                /**
                                 * Format: date-time
                                 * @description When an AUTO test picks its winner.
                                 */
                                decideAt: string | null;
                                decidedBy: "AUTO" | "MANUAL";
                                metric: "OPENS" | "CLICKS";
                                /** @description null until the campaign is sent. */
                                phase: ("TESTING" | "WAITING" | "SENDING_WINNER" | "DONE") | (never | null);
                                /** @description Percent of the audience in the test group. */
                                testPercent: number;
                                /** @description Size of the test group (0 before sending). */
                                testRecipients: number;
                                /** @description AUTO: how long after the last test email was handed over the winner is picked. */
                                waitMinutes: number;
                                winner: string | null;
                            } | null;
                            /** @description On the project's public archive once SENT. */
                            archive: boolean;
                            /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                            audienceFilter: components["schemas"]["FilterInput"] | null;
                            audienceType: "ALL" | "SEGMENT" | "FILTERED";
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            cancelledAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description Content class, as for templates; MARKETING by default. */
                            emailType: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string;
                            fromName: string | null;
                            id: string;
                            localSend: {
                                date: string;
                                localTime: string;
                            } | null;
                            name: string;
                            replyTo: string | null;
                            /** Format: date-time */
                            scheduledAt: string | null;
                            segmentId: string | null;
                            /** Format: date-time */
                            sentAt: string | null;
                            /** Format: date-time */
                            startedAt: string | null;
                            status: "DRAFT" | "SCHEDULED" | "SENDING" | "SENT" | "CANCELLED";
                            subject: string;
                            /** @description The topic whose subscribers receive it (null: every subscribed contact of the audience); its unsubscribe link leaves that topic only. */
                            topicId: string | null;
                            totalRecipients: number;
                            type: "ALL" | "SEGMENT" | "FILTERED";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description A/B variants with the campaign's values where they change none. */
                            variants: {
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                from: string;
                                fromName: string | null;
                                name: string;
                                subject: string;
                                templateId: string | null;
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/campaigns/audience": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A filter group in either form of the segments section ({ operator, conditions } or { logic, groups }). */
                        audienceFilter?: components["schemas"]["FilterInput"] | null;
                        audienceType: "ALL" | "SEGMENT" | "FILTERED";
                        /** @description Content class, as for templates; MARKETING by default. */
                        emailType?: "MARKETING" | "HEADLESS" | "TRANSACTIONAL";
                        segmentId?: string | null;
                        /** @description Only the audience's subscribers of this topic receive it. */
                        topicId?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Contacts the audience selects. */
                            matching: number;
                            /** @description Of those, the ones a send now would reach: subscribed (unless TRANSACTIONAL) and not on the suppression list. */
                            recipients: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            billing: boolean;
                            inboundSmtp: boolean;
                            mailTransport: "capture" | "smtp" | "ses";
                            oauth: {
                                github: boolean;
                                google: boolean;
                            };
                            oidc: {
                                /** @description Single sign-on is configured: GET /auth/oidc/start starts it. */
                                enabled: boolean;
                                /** @description What the sign-in button names (OIDC_NAME). */
                                name: string;
                            };
                            signupsEnabled: boolean;
                            smtp: boolean;
                            /** @description Uploaded images go to object storage (S3_BUCKET) rather than DATA_DIR. */
                            storage: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                    /** @description Case-insensitive substring of the email. */
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                /**
                                 * Format: date-time
                                 * @description When the contact confirmed a double opt-in.
                                 */
                                confirmedAt: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                                data: {
                                    [key: string]: unknown;
                                };
                                email: string;
                                id: string;
                                subscribed: boolean;
                                /** @description Topic ids the contact is subscribed to: subscribed at all, and its choice (or else the default) is yes. */
                                topics: string[];
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            hasMore: boolean;
                            /** @description Matching contacts; only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                        data?: {
                            [key: string]: unknown;
                        };
                        email: string;
                        /** @description Default true for a new contact; kept when omitted on an existing one. */
                        subscribed?: boolean;
                        /** @description Topic id → subscribed to it (true) or not (false); topics not named keep their state. */
                        topics?: {
                            [key: string]: boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _meta: {
                                isNew: boolean;
                                isUpdate: boolean;
                            };
                            /**
                             * Format: date-time
                             * @description When the contact confirmed a double opt-in.
                             */
                            confirmedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                            data: {
                                [key: string]: unknown;
                            };
                            email: string;
                            id: string;
                            subscribed: boolean;
                            /** @description Topic ids the contact is subscribed to: subscribed at all, and its choice (or else the default) is yes. */
                            topics: string[];
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            _meta: {
                                isNew: boolean;
                                isUpdate: boolean;
                            };
                            /**
                             * Format: date-time
                             * @description When the contact confirmed a double opt-in.
                             */
                            confirmedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                            data: {
                                [key: string]: unknown;
                            };
                            email: string;
                            id: string;
                            subscribed: boolean;
                            /** @description Topic ids the contact is subscribed to: subscribed at all, and its choice (or else the default) is yes. */
                            topics: string[];
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description When the contact confirmed a double opt-in.
                             */
                            confirmedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                            data: {
                                [key: string]: unknown;
                            };
                            email: string;
                            id: string;
                            subscribed: boolean;
                            /** @description Topic ids the contact is subscribed to: subscribed at all, and its choice (or else the default) is yes. */
                            topics: string[];
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                        data?: {
                            [key: string]: unknown;
                        };
                        email?: string;
                        subscribed?: boolean;
                        /** @description Topic id → subscribed to it (true) or not (false); topics not named keep their state. */
                        topics?: {
                            [key: string]: boolean;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description When the contact confirmed a double opt-in.
                             */
                            confirmedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                            data: {
                                [key: string]: unknown;
                            };
                            email: string;
                            id: string;
                            subscribed: boolean;
                            /** @description Topic ids the contact is subscribed to: subscribed at all, and its choice (or else the default) is yes. */
                            topics: string[];
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/contacts/{id}/confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {string} */
                                status: "CONFIRMATION_SENT";
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                erased: {
                                    /** @description Emails kept for statistics (status and times) with recipient, subject, bodies, headers and attachments removed. */
                                    emails: number;
                                    /** @description Events deleted. */
                                    events: number;
                                    /** @description Workflow executions deleted, with their step history. */
                                    executions: number;
                                };
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Everything stored about one contact, streamed as one JSON document. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            contact: {
                                /**
                                 * Format: date-time
                                 * @description When the contact confirmed a double opt-in.
                                 */
                                confirmedAt: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                                data: {
                                    [key: string]: unknown;
                                };
                                email: string;
                                id: string;
                                subscribed: boolean;
                                /** @description Topic ids the contact is subscribed to: subscribed at all, and its choice (or else the default) is yes. */
                                topics: string[];
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            /** @description Oldest first. */
                            emails: {
                                /** Format: date-time */
                                bouncedAt: string | null;
                                /** Format: date-time */
                                clickedAt: string | null;
                                /** Format: date-time */
                                complainedAt: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                deliveredAt: string | null;
                                id: string;
                                /** Format: date-time */
                                openedAt: string | null;
                                /** Format: date-time */
                                sentAt: string | null;
                                sourceId: string | null;
                                sourceType: "TRANSACTIONAL" | "CAMPAIGN" | "WORKFLOW";
                                status: "PENDING" | "SENDING" | "SENT" | "DELIVERED" | "OPENED" | "CLICKED" | "BOUNCED" | "COMPLAINED" | "FAILED" | "SUPPRESSED";
                                subject: string;
                            }[];
                            /** @description Ordered by name, then time. */
                            events: {
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                                data: {
                                    [key: string]: unknown;
                                };
                                id: string;
                                name: string;
                            }[];
                            /** Format: date-time */
                            exportedAt: string;
                            pendingConfirmations: {
                                /** Format: date-time */
                                confirmedAt: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                email: string;
                                /** Format: date-time */
                                expiresAt: string;
                                id: string;
                                /** @description Topic ids the sign-up asked for. */
                                topics: string[];
                            }[];
                            /** @description The contact's own topic choices (no row: the default). */
                            topics: {
                                /** @description The contact's own choice for the topic. */
                                subscribed: boolean;
                                topicId: string;
                                topicName: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            /** @description Oldest first. */
                            workflowExecutions: {
                                /** Format: date-time */
                                endedAt: string | null;
                                exitReason: string | null;
                                id: string;
                                /** Format: date-time */
                                startedAt: string;
                                status: "RUNNING" | "WAITING" | "COMPLETED" | "EXITED" | "FAILED" | "CANCELLED";
                                workflowId: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        contactIds: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            jobId: string;
                            /** @enum {string} */
                            status: "queued";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/bulk-subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        contactIds: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            jobId: string;
                            /** @enum {string} */
                            status: "queued";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/bulk-unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        contactIds: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            jobId: string;
                            /** @enum {string} */
                            status: "queued";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/bulk/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            action: "subscribe" | "unsubscribe" | "delete" | "deleteField";
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Ids that were not (unknown, deleted, or another project’s). */
                            failed: number;
                            failureReason: string | null;
                            /** @description deleteField: the field removed. */
                            field: string | null;
                            /** Format: date-time */
                            finishedAt: string | null;
                            jobId: string;
                            /** @description Ids done (deleteField: contacts passed). */
                            processed: number;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @description Ids that were contacts of the project (deleteField: contacts that lost the key). */
                            succeeded: number;
                            /** @description Distinct ids sent (deleteField: contacts of the project when it started). */
                            total: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description How fresh and how complete the coverage figures are. */
                            coverageInfo: {
                                /** Format: date-time */
                                computedAt: string;
                                /** @description Contacts the coverage figures are shares of. */
                                contacts: number;
                                /** @description live: counted for this request; cached: an exact count made at computedAt by a background job (or by an import that grew the project), with the changes of imports since added (large projects; recounted when older than 10 minutes); sample: the newest contacts only, while the first exact count runs. */
                                method: "live" | "cached" | "sample";
                            };
                            fields: {
                                /** @description Share of contacts with the field set. */
                                coverage: number;
                                field: string;
                                isCustom: boolean;
                                type: "string" | "number" | "boolean" | "date";
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/fields/{field}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A standard field (`email`) or `data.<key>`. */
                    field: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            field: string;
                            /** @description The bulk job removing the key from contacts: GET /contacts/bulk/:jobId. */
                            jobId: string;
                            /** @enum {string} */
                            status: "queued";
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/fields/{field}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A standard field (`email`) or `data.<key>`. */
                    field: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaigns: {
                                id: string;
                                name: string;
                            }[];
                            segments: {
                                id: string;
                                name: string;
                            }[];
                            workflows: {
                                id: string;
                                name: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/fields/{field}/values": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    limit?: number;
                };
                header?: never;
                path: {
                    /** @description A standard field (`email`) or `data.<key>`. */
                    field: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            field: string;
                            hasMore: boolean;
                            /** @description Values are read from at most this many of the newest contacts. */
                            sampleSize: number;
                            /** @description Distinct values, most frequent first. */
                            values: unknown[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            jobId: string;
                            /** @enum {string} */
                            status: "queued";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/import/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    jobId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            errors: {
                                email: string;
                                /** @description missing_email or invalid_email */
                                reason: string;
                                /** @description Spreadsheet row number; the header is row 1. */
                                row: number;
                            }[];
                            /** @description Why a failed job failed. */
                            failureReason: string | null;
                            fileName: string;
                            /** Format: date-time */
                            finishedAt: string | null;
                            /** @description New contacts created. */
                            imported: number;
                            jobId: string;
                            /** @description Rows done so far: imported + updated + skipped. */
                            processed: number;
                            /** @description Rows not imported; each is in `errors` (the first 1000 are kept). */
                            skipped: number;
                            status: "queued" | "processing" | "completed" | "failed";
                            /** @description Non-blank data rows in the file. */
                            totalRows: number;
                            /** @description Rows that matched an existing contact and patched its data. */
                            updated: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contacts/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        emails: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            found: {
                                email: string;
                                id: string;
                            }[];
                            notFound: string[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        domain: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            domain: string;
                            id: string;
                            /** Format: date-time */
                            lastCheckedAt: string | null;
                            projectId: string;
                            records: {
                                name: string;
                                purpose: "DKIM" | "SPF" | "DMARC" | "RETURN_PATH";
                                /** @description Why the last check did not find it, when it did not. */
                                reason?: string;
                                type: "TXT" | "CNAME" | "MX";
                                value: string;
                                /** @description Published as expected at the last check. */
                                verified: boolean;
                            }[];
                            status: "PENDING" | "VERIFIED";
                            verified: boolean;
                            /** Format: date-time */
                            verifiedAt: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domains/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            domain: string;
                            id: string;
                            /** Format: date-time */
                            lastCheckedAt: string | null;
                            projectId: string;
                            records: {
                                name: string;
                                purpose: "DKIM" | "SPF" | "DMARC" | "RETURN_PATH";
                                /** @description Why the last check did not find it, when it did not. */
                                reason?: string;
                                type: "TXT" | "CNAME" | "MX";
                                value: string;
                                /** @description Published as expected at the last check. */
                                verified: boolean;
                            }[];
                            status: "PENDING" | "VERIFIED";
                            verified: boolean;
                            /** Format: date-time */
                            verifiedAt: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domains/project/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    projectId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            domain: string;
                            id: string;
                            /** Format: date-time */
                            lastCheckedAt: string | null;
                            projectId: string;
                            records: {
                                name: string;
                                purpose: "DKIM" | "SPF" | "DMARC" | "RETURN_PATH";
                                /** @description Why the last check did not find it, when it did not. */
                                reason?: string;
                                type: "TXT" | "CNAME" | "MX";
                                value: string;
                                /** @description Published as expected at the last check. */
                                verified: boolean;
                            }[];
                            status: "PENDING" | "VERIFIED";
                            verified: boolean;
                            /** Format: date-time */
                            verifiedAt: string | null;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Emails of this campaign. */
                    campaignId?: string;
                    cursor?: string;
                    limit?: number;
                    /** @description An email address; matched case-insensitively. */
                    recipient?: string;
                    /** @description Emails created at or after this time. ISO 8601 date or date-time (UTC when no offset). */
                    since?: string;
                    sourceType?: "TRANSACTIONAL" | "CAMPAIGN" | "WORKFLOW";
                    status?: "PENDING" | "SENDING" | "SENT" | "DELIVERED" | "OPENED" | "CLICKED" | "BOUNCED" | "COMPLAINED" | "FAILED" | "SUPPRESSED";
                    /** @description Emails created before this time (a bare date includes that day). ISO 8601 date or date-time (UTC when no offset). */
                    until?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                /** @description Attempts of the current round (a retry starts a new round at 0). */
                                attemptCount: number;
                                /** Format: date-time */
                                bouncedAt: string | null;
                                /** Format: date-time */
                                clickedAt: string | null;
                                contactId: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                deliveredAt: string | null;
                                from: string;
                                id: string;
                                lastError: string | null;
                                /** @description The Message-ID, without angle brackets; the same on every attempt. Ours, or the one a message submitted over SMTP carried. */
                                messageId: string;
                                /** Format: date-time */
                                openedAt: string | null;
                                /**
                                 * Format: date-time
                                 * @description When an email that waits will go: its recipient's local time, a send window's opening, or a later day under the daily cap; null for mail due at once.
                                 */
                                scheduledAt: string | null;
                                /** Format: date-time */
                                sentAt: string | null;
                                /** @description The campaign (CAMPAIGN) or workflow execution (WORKFLOW); null for /v1/send. */
                                sourceId: string | null;
                                sourceType: "TRANSACTIONAL" | "CAMPAIGN" | "WORKFLOW";
                                status: "PENDING" | "SENDING" | "SENT" | "DELIVERED" | "OPENED" | "CLICKED" | "BOUNCED" | "COMPLAINED" | "FAILED" | "SUPPRESSED";
                                subject: string;
                                /** @description SUPPRESSED emails only: the suppression rule that held the email (beyond.md §10). */
                                suppressedBy?: {
                                    /** @description The rule (GET /suppressions); an ERASED rule is an erased address. */
                                    id: string;
                                    reason: "BOUNCE" | "COMPLAINT" | "MANUAL" | "ERASED";
                                };
                                /** @description The template the email was sent from, if any. */
                                templateId: string | null;
                                /** @description The version of that template the email was composed from (beyond.md §8). */
                                templateVersion: number | null;
                                to: string;
                                /** @description The A/B variant's name for a campaign test's email (beyond.md §9); null otherwise. */
                                variant: string | null;
                                /** @description How a TRANSACTIONAL email arrived: api (POST /v1/send) or smtp (SMTP submission); null for other mail. */
                                via: ("api" | "smtp") | (never | null);
                            }[];
                            hasMore: boolean;
                            /** @description Matching emails, counted up to 10,000 (10000 means at least that); only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Attempts of the current round (a retry starts a new round at 0). */
                            attemptCount: number;
                            /** @description Every delivery attempt, oldest first. */
                            attempts: {
                                /** Format: date-time */
                                at: string;
                                durationMs: number;
                                /** @description What the transport answered (at most 500 characters). */
                                response: string;
                                result: "ACCEPTED" | "TEMPORARY_FAILURE" | "PERMANENT_FAILURE";
                                /** @description The SMTP relay's reply code, when it gave one. */
                                smtpCode?: number;
                                /** @description capture, smtp or ses (the server's transport), or the name of the project's own transport. */
                                transport: string;
                                /** @description The project's own transport (GET /transports/:id). */
                                transportId?: string;
                            }[];
                            /** Format: date-time */
                            bouncedAt: string | null;
                            /** Format: date-time */
                            clickedAt: string | null;
                            contactId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            deliveredAt: string | null;
                            /** @description The email's events, oldest first (at most 100). */
                            events: {
                                /** Format: date-time */
                                createdAt: string;
                                data: {
                                    [key: string]: unknown;
                                };
                                id: string;
                                /** @description email.sent, email.delivery, email.open, email.click, email.bounce or email.complaint. */
                                name: string;
                            }[];
                            from: string;
                            id: string;
                            lastError: string | null;
                            /** @description The Message-ID, without angle brackets; the same on every attempt. Ours, or the one a message submitted over SMTP carried. */
                            messageId: string;
                            /** Format: date-time */
                            openedAt: string | null;
                            /**
                             * Format: date-time
                             * @description When an email that waits will go: its recipient's local time, a send window's opening, or a later day under the daily cap; null for mail due at once.
                             */
                            scheduledAt: string | null;
                            /** Format: date-time */
                            sentAt: string | null;
                            /** @description The campaign (CAMPAIGN) or workflow execution (WORKFLOW); null for /v1/send. */
                            sourceId: string | null;
                            sourceType: "TRANSACTIONAL" | "CAMPAIGN" | "WORKFLOW";
                            status: "PENDING" | "SENDING" | "SENT" | "DELIVERED" | "OPENED" | "CLICKED" | "BOUNCED" | "COMPLAINED" | "FAILED" | "SUPPRESSED";
                            subject: string;
                            /** @description SUPPRESSED emails only: the suppression rule that held the email (beyond.md §10). */
                            suppressedBy?: {
                                /** @description The rule (GET /suppressions); an ERASED rule is an erased address. */
                                id: string;
                                reason: "BOUNCE" | "COMPLAINT" | "MANUAL" | "ERASED";
                            };
                            /** @description The template the email was sent from, if any. */
                            templateId: string | null;
                            /** @description The version of that template the email was composed from (beyond.md §8). */
                            templateVersion: number | null;
                            to: string;
                            /** @description The A/B variant's name for a campaign test's email (beyond.md §9); null otherwise. */
                            variant: string | null;
                            /** @description How a TRANSACTIONAL email arrived: api (POST /v1/send) or smtp (SMTP submission); null for other mail. */
                            via: ("api" | "smtp") | (never | null);
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Attempts of the current round (a retry starts a new round at 0). */
                            attemptCount: number;
                            /** Format: date-time */
                            bouncedAt: string | null;
                            /** Format: date-time */
                            clickedAt: string | null;
                            contactId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            deliveredAt: string | null;
                            from: string;
                            id: string;
                            lastError: string | null;
                            /** @description The Message-ID, without angle brackets; the same on every attempt. Ours, or the one a message submitted over SMTP carried. */
                            messageId: string;
                            /** Format: date-time */
                            openedAt: string | null;
                            /**
                             * Format: date-time
                             * @description When an email that waits will go: its recipient's local time, a send window's opening, or a later day under the daily cap; null for mail due at once.
                             */
                            scheduledAt: string | null;
                            /** Format: date-time */
                            sentAt: string | null;
                            /** @description The campaign (CAMPAIGN) or workflow execution (WORKFLOW); null for /v1/send. */
                            sourceId: string | null;
                            sourceType: "TRANSACTIONAL" | "CAMPAIGN" | "WORKFLOW";
                            status: "PENDING" | "SENDING" | "SENT" | "DELIVERED" | "OPENED" | "CLICKED" | "BOUNCED" | "COMPLAINED" | "FAILED" | "SUPPRESSED";
                            subject: string;
                            /** @description SUPPRESSED emails only: the suppression rule that held the email (beyond.md §10). */
                            suppressedBy?: {
                                /** @description The rule (GET /suppressions); an ERASED rule is an erased address. */
                                id: string;
                                reason: "BOUNCE" | "COMPLAINT" | "MANUAL" | "ERASED";
                            };
                            /** @description The template the email was sent from, if any. */
                            templateId: string | null;
                            /** @description The version of that template the email was composed from (beyond.md §8). */
                            templateVersion: number | null;
                            to: string;
                            /** @description The A/B variant's name for a campaign test's email (beyond.md §9); null otherwise. */
                            variant: string | null;
                            /** @description How a TRANSACTIONAL email arrived: api (POST /v1/send) or smtp (SMTP submission); null for other mail. */
                            via: ("api" | "smtp") | (never | null);
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    contactId?: string;
                    cursor?: string;
                    /** @description Events at or after this time. ISO 8601 date or date-time (UTC when no offset). */
                    from?: string;
                    limit?: number;
                    name?: string;
                    /** @description Events at or before this time. ISO 8601 date or date-time (UTC when no offset). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                contactId: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                                data: {
                                    [key: string]: unknown;
                                };
                                id: string;
                                name: string;
                            }[];
                            hasMore: boolean;
                            /** @description Matching events; only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{eventName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    eventName: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Events deleted. */
                            deleted: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{eventName}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    eventName: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Segments whose filters name the event. */
                            segments: {
                                id: string;
                                name: string;
                            }[];
                            /** @description Workflows triggered by, waiting for or testing the event. */
                            workflows: {
                                id: string;
                                name: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/contact/{contactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path: {
                    contactId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                contactId: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                                data: {
                                    [key: string]: unknown;
                                };
                                id: string;
                                name: string;
                            }[];
                            hasMore: boolean;
                            /** @description Matching events; only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Every name that occurred in the project (system names included), by name; at most 1,000. */
                            names: {
                                count: number;
                                /** Format: date-time */
                                lastSeenAt: string;
                                name: string;
                                /** @description True for names the service emits (`email.*`, `contact.*`, `segment.*`). */
                                system: boolean;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Read from counters kept when events are written; no scan of the events. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The 100 most frequent names, most frequent first. */
                            byName: {
                                count: number;
                                /** Format: date-time */
                                lastSeenAt: string;
                                name: string;
                                /** @description True for names the service emits (`email.*`, `contact.*`, `segment.*`). */
                                system: boolean;
                            }[];
                            distinctNames: number;
                            /** @description Events in the current UTC hour and the 167 before it. */
                            last7d: number;
                            /** @description Events in the current UTC hour and the 23 before it. */
                            last24h: number;
                            /** @description Events in the current UTC hour and the 719 before it. */
                            last30d: number;
                            /** @description Events of the project. */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Custom fields, with the contact's data rules. The event stores the same values, unwrapped: `{ value, persistent: false }` is kept on the event (not on the contact); null and "" are left out. */
                        data?: {
                            [key: string]: unknown;
                        };
                        email: string;
                        /** @description The event name, trimmed. System names (`email.*`, `contact.*`, `segment.*`) are refused with 422. */
                        event: string;
                        /** @description Default true for a new contact; an existing one changes only when given. */
                        subscribed?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description The contact id. */
                                contact: string;
                                /** @description The event id. */
                                event: string;
                                /** Format: date-time */
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invites/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            /** Format: date-time */
                            joinedAt: string;
                            projectId: string;
                            role: "OWNER" | "ADMIN" | "MEMBER";
                            userId: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description A request (id and method), a notification (method, no id) or a response. One message a request: batches are refused. */
            requestBody: {
                content: {
                    "application/json": {
                        error?: {
                            [key: string]: unknown;
                        };
                        id?: string | number;
                        /** @enum {string} */
                        jsonrpc: "2.0";
                        /** @description initialize, tools/list, tools/call, … */
                        method?: string;
                        params?: {
                            [key: string]: unknown;
                        };
                        result?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description The request's answer: `result`, or a JSON-RPC `error` (a tool's own failure is a result with isError). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error?: {
                                code: number;
                                data?: unknown;
                                message: string;
                            };
                            id: (string | number) | (never | null);
                            /** @enum {string} */
                            jsonrpc: "2.0";
                            result?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Notifications and responses: accepted, no body. */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    /** @description Only the message(s) of this email record (`emailId` of a message). */
                    emailId?: string;
                    limit?: number;
                    /** @description Only messages to this address (case-insensitive). */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                /** Format: date-time */
                                createdAt: string;
                                emailId: string;
                                from: string;
                                /** @description Header fields as sent: lower-cased names, folded lines joined, DKIM-Signature included. */
                                headers: {
                                    [key: string]: string;
                                };
                                html: string;
                                id: string;
                                subject: string;
                                text: string;
                                to: string;
                            }[];
                            hasMore: boolean;
                            /** @description Matching messages; only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/outbox/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    inviteId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pending invitations (not accepted, not expired). */
                            invites: {
                                email: string;
                                /** Format: date-time */
                                expiresAt: string;
                                id: string;
                                /** Format: date-time */
                                invitedAt: string;
                                role: "OWNER" | "ADMIN" | "MEMBER";
                            }[];
                            members: {
                                email: string;
                                /** Format: date-time */
                                joinedAt: string;
                                role: "OWNER" | "ADMIN" | "MEMBER";
                                userId: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        /** @description Adds the user with that email at once (201), or mails an invitation when no account has it (202). */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /** @description Default MEMBER. Only an OWNER may grant OWNER. */
                        role?: "OWNER" | "ADMIN" | "MEMBER";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            /** Format: date-time */
                            joinedAt: string;
                            role: "OWNER" | "ADMIN" | "MEMBER";
                            userId: string;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            /** Format: date-time */
                            expiresAt: string;
                            id: string;
                            /** Format: date-time */
                            invitedAt: string;
                            role: "OWNER" | "ADMIN" | "MEMBER";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        role: "OWNER" | "ADMIN" | "MEMBER";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            email: string;
                            /** Format: date-time */
                            joinedAt: string;
                            role: "OWNER" | "ADMIN" | "MEMBER";
                            userId: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/projects/{id}/security": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Hard bounces (and recipients refused at send time). */
                            bounced: number;
                            /** @description bounced / sent, from 0 to 1. */
                            bounceRate: number;
                            complained: number;
                            /** @description complained / sent, from 0 to 1. */
                            complaintRate: number;
                            disabled: boolean;
                            projectId: string;
                            sent: number;
                            /** @description The latest suspensions, newest first. */
                            suspensions: {
                                bounced: number;
                                bounceRate: number;
                                complained: number;
                                complaintRate: number;
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                /** Format: date-time */
                                liftedAt: string | null;
                                liftedBy: string | null;
                                reason: "BOUNCE_RATE" | "COMPLAINT_RATE";
                                sent: number;
                                /** Format: date-time */
                                windowStart: string;
                            }[];
                            thresholds: {
                                bounceRate: number;
                                complaintRate: number;
                                /** @description Sent emails in the window below which no suspension happens. */
                                minVolume: number;
                            };
                            window: {
                                days: number;
                                /**
                                 * Format: date-time
                                 * @description Start of the window: SUSPENSION_WINDOW_DAYS ago, or the last reinstatement if later.
                                 */
                                since: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/setup-state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            completed: number;
                            steps: {
                                domainAdded: {
                                    /**
                                     * Format: date-time
                                     * @description When it first happened.
                                     */
                                    at: string | null;
                                    done: boolean;
                                };
                                domainVerified: {
                                    /**
                                     * Format: date-time
                                     * @description When it first happened.
                                     */
                                    at: string | null;
                                    done: boolean;
                                };
                                firstCampaign: {
                                    /**
                                     * Format: date-time
                                     * @description When it first happened.
                                     */
                                    at: string | null;
                                    done: boolean;
                                };
                                firstCampaignSent: {
                                    /**
                                     * Format: date-time
                                     * @description When it first happened.
                                     */
                                    at: string | null;
                                    done: boolean;
                                };
                                firstContact: {
                                    /**
                                     * Format: date-time
                                     * @description When it first happened.
                                     */
                                    at: string | null;
                                    done: boolean;
                                };
                                firstSend: {
                                    /**
                                     * Format: date-time
                                     * @description When it first happened.
                                     */
                                    at: string | null;
                                    done: boolean;
                                };
                                firstTemplate: {
                                    /**
                                     * Format: date-time
                                     * @description When it first happened.
                                     */
                                    at: string | null;
                                    done: boolean;
                                };
                                firstWorkflow: {
                                    /**
                                     * Format: date-time
                                     * @description When it first happened.
                                     */
                                    at: string | null;
                                    done: boolean;
                                };
                                firstWorkflowEnabled: {
                                    /**
                                     * Format: date-time
                                     * @description When it first happened.
                                     */
                                    at: string | null;
                                    done: boolean;
                                };
                            };
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The filter in the nested form (always given); null for STATIC. */
                            condition: components["schemas"]["ConditionForm"] | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The filter in the contract form; null when that form cannot express it (see condition) or STATIC. */
                            filters: components["schemas"]["FiltersForm"] | null;
                            id: string;
                            /** @description Cached: counted on create, filter change, refresh and compute. */
                            memberCount: number;
                            name: string;
                            trackMembership: boolean;
                            /** @description DYNAMIC: contacts matching the filter, live. STATIC: contacts added by email. */
                            type: "DYNAMIC" | "STATIC";
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        condition?: components["schemas"]["ConditionForm"];
                        description?: string | null;
                        filters?: components["schemas"]["FiltersForm"];
                        name: string;
                        /** @description Membership changes fire segment.<slug>.entry / .exit events: on POST /segments/:id/compute, when a contact write changes membership (a job, normally within a second), on static adds and removes, and every 15 minutes as a backstop. */
                        trackMembership?: boolean;
                        /** @description Default DYNAMIC. */
                        type?: "DYNAMIC" | "STATIC";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The filter in the nested form (always given); null for STATIC. */
                            condition: components["schemas"]["ConditionForm"] | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The filter in the contract form; null when that form cannot express it (see condition) or STATIC. */
                            filters: components["schemas"]["FiltersForm"] | null;
                            id: string;
                            /** @description Cached: counted on create, filter change, refresh and compute. */
                            memberCount: number;
                            name: string;
                            trackMembership: boolean;
                            /** @description DYNAMIC: contacts matching the filter, live. STATIC: contacts added by email. */
                            type: "DYNAMIC" | "STATIC";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The filter in the nested form (always given); null for STATIC. */
                            condition: components["schemas"]["ConditionForm"] | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The filter in the contract form; null when that form cannot express it (see condition) or STATIC. */
                            filters: components["schemas"]["FiltersForm"] | null;
                            id: string;
                            /** @description Cached: counted on create, filter change, refresh and compute. */
                            memberCount: number;
                            name: string;
                            trackMembership: boolean;
                            /** @description DYNAMIC: contacts matching the filter, live. STATIC: contacts added by email. */
                            type: "DYNAMIC" | "STATIC";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        condition?: components["schemas"]["ConditionForm"];
                        description?: string | null;
                        filters?: components["schemas"]["FiltersForm"];
                        name?: string;
                        /** @description Membership changes fire segment.<slug>.entry / .exit events: on POST /segments/:id/compute, when a contact write changes membership (a job, normally within a second), on static adds and removes, and every 15 minutes as a backstop. */
                        trackMembership?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The filter in the nested form (always given); null for STATIC. */
                            condition: components["schemas"]["ConditionForm"] | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The filter in the contract form; null when that form cannot express it (see condition) or STATIC. */
                            filters: components["schemas"]["FiltersForm"] | null;
                            id: string;
                            /** @description Cached: counted on create, filter change, refresh and compute. */
                            memberCount: number;
                            name: string;
                            trackMembership: boolean;
                            /** @description DYNAMIC: contacts matching the filter, live. STATIC: contacts added by email. */
                            type: "DYNAMIC" | "STATIC";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/segments/{id}/compute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Contacts that entered (one segment.<slug>.entry event each). */
                            entered: number;
                            /** @description Contacts that left (one segment.<slug>.exit event each). */
                            exited: number;
                            memberCount: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/{id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Read as the page number. */
                    cursor?: string;
                    /** @description Alias of pageSize. */
                    limit?: number;
                    /** @description From 1; default 1. */
                    page?: number;
                    /** @description Default 20. */
                    pageSize?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: date-time
                                 * @description When the contact confirmed a double opt-in.
                                 */
                                confirmedAt: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                                data: {
                                    [key: string]: unknown;
                                };
                                email: string;
                                id: string;
                                subscribed: boolean;
                                /** @description Topic ids the contact is subscribed to: subscribed at all, and its choice (or else the default) is yes. */
                                topics: string[];
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            page: number;
                            pageSize: number;
                            /** @description Matching items on every page. */
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Create contacts for unknown addresses (default false). */
                        createMissing?: boolean;
                        emails: string[];
                        /** @description Subscription of contacts created here (default true). */
                        subscribed?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Contacts that became members with this call. */
                            added: number;
                            /** @description Contacts that were members already. */
                            alreadyMembers: number;
                            /** @description Contacts created for unknown addresses (createMissing). */
                            created: number;
                            /** @description Addresses (normalised) with no contact, none created. */
                            notFound: string[];
                        };
                    };
                };
            };
        };
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        emails: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Contacts that were members and no longer are. */
                            removed: number;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/{id}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The filter in the nested form (always given); null for STATIC. */
                            condition: components["schemas"]["ConditionForm"] | null;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The filter in the contract form; null when that form cannot express it (see condition) or STATIC. */
                            filters: components["schemas"]["FiltersForm"] | null;
                            id: string;
                            /** @description Cached: counted on create, filter change, refresh and compute. */
                            memberCount: number;
                            name: string;
                            trackMembership: boolean;
                            /** @description DYNAMIC: contacts matching the filter, live. STATIC: contacts added by email. */
                            type: "DYNAMIC" | "STATIC";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        condition?: components["schemas"]["ConditionForm"];
                        filters?: components["schemas"]["FiltersForm"];
                        /** @description How many matching contacts to return (default 5). */
                        sampleSize?: number;
                        /** @description The segment being edited, if any: a filter referencing it (directly or not) is refused, as on save. */
                        segmentId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Contacts the filter matches now. */
                            count: number;
                            /** @description The first matching contacts (oldest first). */
                            sample: {
                                /**
                                 * Format: date-time
                                 * @description When the contact confirmed a double opt-in.
                                 */
                                confirmedAt: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                                data: {
                                    [key: string]: unknown;
                                };
                                email: string;
                                id: string;
                                subscribed: boolean;
                                /** @description Topic ids the contact is subscribed to: subscribed at all, and its choice (or else the default) is yes. */
                                topics: string[];
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                            /** @description Of those, the subscribed ones. */
                            subscribed: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/smtp-submission": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description PLAIN and LOGIN, with the project secret key as the password. */
                            authMethods: string[];
                            /** @description Whether this server runs the listener (SMTP_SUBMISSION_PORT is set). */
                            enabled: boolean;
                            /** @description The host name to connect to (SMTP_SUBMISSION_HOST, else the host of BASE_URL). */
                            host: string;
                            /** @description AUTH is accepted before STARTTLS (SMTP_SUBMISSION_ALLOW_INSECURE): the key crosses in clear. */
                            insecureAuthAllowed: boolean;
                            /** @description The port; null when the listener is off. */
                            port: number | null;
                            /**
                             * @description STARTTLS when a certificate is configured; null when the listener offers no TLS.
                             * @enum {string|null}
                             */
                            tls: "STARTTLS" | null;
                            /** @description Any user name is accepted; this one is a suggestion. */
                            username: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                    /** @description Text the address or the domain contains (case-insensitive). An ERASED rule matches only its whole address. */
                    q?: string;
                    reason?: "BOUNCE" | "COMPLAINT" | "MANUAL" | "ERASED";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                /** @description The address the rule holds (lower-cased). */
                                address?: string;
                                /** @description ERASED rules only: the hex SHA-256 of the erased address (trimmed, lower-cased), which is all that is kept of it. */
                                addressHash?: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description The domain whose every address the rule holds (a `*@domain` rule). */
                                domain?: string;
                                /**
                                 * Format: date-time
                                 * @description From then on the rule holds no mail; null: never.
                                 */
                                expiresAt: string | null;
                                id: string;
                                note: string | null;
                                reason: "BOUNCE" | "COMPLAINT" | "MANUAL" | "ERASED";
                            }[];
                            hasMore: boolean;
                            /** @description Matching rules, counted up to 10,000 (10000 means at least that); only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Addresses to hold; `*@example.com` holds a whole domain here too. */
                        addresses?: string[];
                        /** @description Domains to hold, as `example.com` or `*@example.com`. */
                        domains?: string[];
                        /** @description An ISO 8601 date-time in the future. */
                        expiresAt?: string | null;
                        note?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The rules now in force for what was sent (an address that had a rule keeps it), in the order sent. */
                            data: {
                                /** @description The address the rule holds (lower-cased). */
                                address?: string;
                                /** @description ERASED rules only: the hex SHA-256 of the erased address (trimmed, lower-cased), which is all that is kept of it. */
                                addressHash?: string;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description The domain whose every address the rule holds (a `*@domain` rule). */
                                domain?: string;
                                /**
                                 * Format: date-time
                                 * @description From then on the rule holds no mail; null: never.
                                 */
                                expiresAt: string | null;
                                id: string;
                                note: string | null;
                                reason: "BOUNCE" | "COMPLAINT" | "MANUAL" | "ERASED";
                            }[];
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description CSV with a header row: address,domain,reason,note,createdAt,expiresAt */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description New rules (an address or domain that already had one keeps it). */
                            added: number;
                            /** @description One per refused line, the first 1000. */
                            errors: {
                                /** @description The line of the file (1 is the first); 0 for a failure of the whole import. */
                                line: number;
                                message: string;
                            }[];
                            id: string;
                            /** @description Lines done so far (added, already held, or refused). */
                            processed: number;
                            status: "PENDING" | "RUNNING" | "DONE" | "FAILED";
                            /** @description Non-blank lines of the file. */
                            total: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppressions/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description New rules (an address or domain that already had one keeps it). */
                            added: number;
                            /** @description One per refused line, the first 1000. */
                            errors: {
                                /** @description The line of the file (1 is the first); 0 for a failure of the whole import. */
                                line: number;
                                message: string;
                            }[];
                            id: string;
                            /** @description Lines done so far (added, already held, or refused). */
                            processed: number;
                            status: "PENDING" | "RUNNING" | "DONE" | "FAILED";
                            /** @description Non-blank lines of the file. */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/t/c/{*}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The signed token from the email. */
                    "*": string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Redirect (Location) to the URL signed into the link. */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/t/o/{*}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The signed token from the email. */
                    "*": string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A 1×1 transparent GIF, whatever the token. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/gif": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Read as the page number. */
                    cursor?: string;
                    /** @description Alias of pageSize. */
                    limit?: number;
                    /** @description From 1; default 1. */
                    page?: number;
                    /** @description Default 20. */
                    pageSize?: number;
                    /** @description Case-insensitive substring of name or subject. */
                    search?: string;
                    /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                    type?: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            page: number;
                            pageSize: number;
                            templates: {
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** Format: date-time */
                                createdAt: string;
                                description: string | null;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description The unpublished draft; sends never use it. */
                                draft: {
                                    /** @description The version the draft was last saved against. */
                                    baseVersion: number;
                                    /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                    body: string;
                                    /** @description The block document (format BLOCKS). */
                                    document: components["schemas"]["BlockDocument"] | null;
                                    /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                    format: "HTML" | "MJML" | "BLOCKS";
                                    subject: string;
                                    /** Format: date-time */
                                    updatedAt: string;
                                    /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                                    updatedBy: {
                                        /** @description The member's address; null for the key. */
                                        email: string | null;
                                        type: "USER" | "KEY";
                                        userId: string | null;
                                    };
                                } | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                from: string | null;
                                fromName: string | null;
                                id: string;
                                name: string;
                                replyTo: string | null;
                                subject: string;
                                /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                                type: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description The number of the current content version. */
                                version: number;
                            }[];
                            /** @description Matching items on every page. */
                            total: number;
                            totalPages: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description HTML (format HTML) or MJML (format MJML) with Liquid; at most 512 KB. Not given with BLOCKS. */
                        body?: string;
                        description?: string | null;
                        document?: components["schemas"]["BlockDocument"];
                        /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                        format?: "HTML" | "MJML" | "BLOCKS";
                        /** @description Sender address; must be on a verified domain. */
                        from?: string | null;
                        /** @description No line breaks. */
                        fromName?: string | null;
                        name: string;
                        replyTo?: string | null;
                        /** @description No line breaks; Liquid. */
                        subject: string;
                        /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                        type: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description The unpublished draft; sends never use it. */
                            draft: {
                                /** @description The version the draft was last saved against. */
                                baseVersion: number;
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                subject: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                                updatedBy: {
                                    /** @description The member's address; null for the key. */
                                    email: string | null;
                                    type: "USER" | "KEY";
                                    userId: string | null;
                                };
                            } | null;
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string | null;
                            fromName: string | null;
                            id: string;
                            name: string;
                            replyTo: string | null;
                            subject: string;
                            /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                            type: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The number of the current content version. */
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description The unpublished draft; sends never use it. */
                            draft: {
                                /** @description The version the draft was last saved against. */
                                baseVersion: number;
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                subject: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                                updatedBy: {
                                    /** @description The member's address; null for the key. */
                                    email: string | null;
                                    type: "USER" | "KEY";
                                    userId: string | null;
                                };
                            } | null;
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string | null;
                            fromName: string | null;
                            id: string;
                            name: string;
                            replyTo: string | null;
                            subject: string;
                            /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                            type: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The number of the current content version. */
                            version: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The version this edit was based on: a newer saved version answers 409 VERSION_CONFLICT. */
                        baseVersion?: number;
                        /** @description HTML (format HTML) or MJML (format MJML) with Liquid; at most 512 KB. Not given with BLOCKS. */
                        body?: string;
                        description?: string | null;
                        document?: components["schemas"]["BlockDocument"];
                        /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                        format?: "HTML" | "MJML" | "BLOCKS";
                        /** @description Sender address; must be on a verified domain. */
                        from?: string | null;
                        /** @description No line breaks. */
                        fromName?: string | null;
                        name?: string;
                        replyTo?: string | null;
                        /** @description No line breaks; Liquid. */
                        subject?: string;
                        /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                        type?: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description The unpublished draft; sends never use it. */
                            draft: {
                                /** @description The version the draft was last saved against. */
                                baseVersion: number;
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                subject: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                                updatedBy: {
                                    /** @description The member's address; null for the key. */
                                    email: string | null;
                                    type: "USER" | "KEY";
                                    userId: string | null;
                                };
                            } | null;
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string | null;
                            fromName: string | null;
                            id: string;
                            name: string;
                            replyTo: string | null;
                            subject: string;
                            /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                            type: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The number of the current content version. */
                            version: number;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/templates/{id}/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The version this edit was based on: a newer saved version answers 409 VERSION_CONFLICT. */
                        baseVersion?: number;
                        /** @description HTML (format HTML) or MJML (format MJML) with Liquid; at most 512 KB. Not given with BLOCKS. */
                        body?: string;
                        document?: components["schemas"]["BlockDocument"];
                        /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                        format?: "HTML" | "MJML" | "BLOCKS";
                        /** @description No line breaks; Liquid. */
                        subject?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description The unpublished draft; sends never use it. */
                            draft: {
                                /** @description The version the draft was last saved against. */
                                baseVersion: number;
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                subject: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                                updatedBy: {
                                    /** @description The member's address; null for the key. */
                                    email: string | null;
                                    type: "USER" | "KEY";
                                    userId: string | null;
                                };
                            } | null;
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string | null;
                            fromName: string | null;
                            id: string;
                            name: string;
                            replyTo: string | null;
                            subject: string;
                            /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                            type: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The number of the current content version. */
                            version: number;
                        };
                    };
                };
            };
        };
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description The unpublished draft; sends never use it. */
                            draft: {
                                /** @description The version the draft was last saved against. */
                                baseVersion: number;
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                subject: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                                updatedBy: {
                                    /** @description The member's address; null for the key. */
                                    email: string | null;
                                    type: "USER" | "KEY";
                                    userId: string | null;
                                };
                            } | null;
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string | null;
                            fromName: string | null;
                            id: string;
                            name: string;
                            replyTo: string | null;
                            subject: string;
                            /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                            type: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The number of the current content version. */
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description The contact whose data fills the Liquid; absent: no data, so fallbacks show. */
                    contactId?: string;
                    /** @description Render the draft instead of the published content. */
                    draft?: boolean;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            html: string;
                            subject: string;
                            text: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The version this edit was based on: a newer saved version answers 409 VERSION_CONFLICT. */
                        baseVersion?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description The unpublished draft; sends never use it. */
                            draft: {
                                /** @description The version the draft was last saved against. */
                                baseVersion: number;
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                subject: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                                updatedBy: {
                                    /** @description The member's address; null for the key. */
                                    email: string | null;
                                    type: "USER" | "KEY";
                                    userId: string | null;
                                };
                            } | null;
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string | null;
                            fromName: string | null;
                            id: string;
                            name: string;
                            replyTo: string | null;
                            subject: string;
                            /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                            type: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The number of the current content version. */
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            campaigns: {
                                id: string;
                                name: string;
                            }[];
                            workflows: {
                                id: string;
                                name: string;
                                stepId: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    /** @description Read as the page number. */
                    cursor?: string;
                    /** @description Alias of pageSize. */
                    limit?: number;
                    /** @description From 1; default 1. */
                    page?: number;
                    /** @description Default 20. */
                    pageSize?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            page: number;
                            pageSize: number;
                            /** @description Matching items on every page. */
                            total: number;
                            totalPages: number;
                            versions: {
                                /** Format: date-time */
                                createdAt: string;
                                /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                                createdBy: {
                                    /** @description The member's address; null for the key. */
                                    email: string | null;
                                    type: "USER" | "KEY";
                                    userId: string | null;
                                } | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                subject: string;
                                version: number;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    /** @description A version number: 1, 2, … */
                    version: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                            createdBy: {
                                /** @description The member's address; null for the key. */
                                email: string | null;
                                type: "USER" | "KEY";
                                userId: string | null;
                            } | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            subject: string;
                            version: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/{id}/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    /** @description A version number: 1, 2, … */
                    version: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The version this edit was based on: a newer saved version answers 409 VERSION_CONFLICT. */
                        baseVersion?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                            body: string;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            /** @description The block document (format BLOCKS). */
                            document: components["schemas"]["BlockDocument"] | null;
                            /** @description The unpublished draft; sends never use it. */
                            draft: {
                                /** @description The version the draft was last saved against. */
                                baseVersion: number;
                                /** @description HTML; the MJML source for MJML; the rendered HTML (Liquid kept) for BLOCKS. */
                                body: string;
                                /** @description The block document (format BLOCKS). */
                                document: components["schemas"]["BlockDocument"] | null;
                                /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                                format: "HTML" | "MJML" | "BLOCKS";
                                subject: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description Who saved: a member, or the project's secret key. Null for versions from before versions were kept. */
                                updatedBy: {
                                    /** @description The member's address; null for the key. */
                                    email: string | null;
                                    type: "USER" | "KEY";
                                    userId: string | null;
                                };
                            } | null;
                            /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                            format: "HTML" | "MJML" | "BLOCKS";
                            from: string | null;
                            fromName: string | null;
                            id: string;
                            name: string;
                            replyTo: string | null;
                            subject: string;
                            /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                            type: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The number of the current content version. */
                            version: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/templates/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description HTML (format HTML) or MJML (format MJML) with Liquid; at most 512 KB. Not given with BLOCKS. */
                        body?: string;
                        /** @description Values for Liquid, as a contact's data; nothing is stored. */
                        data?: {
                            [key: string]: unknown;
                        };
                        document?: components["schemas"]["BlockDocument"];
                        /** @description How the content is written: HTML `body`, MJML `body`, or a block `document` (beyond.md §8). */
                        format?: "HTML" | "MJML" | "BLOCKS";
                        /** @description No line breaks; Liquid. */
                        subject: string;
                        /** @description MARKETING adds the unsubscribe footer and headers; HEADLESS skips unsubscribed contacts without a footer. */
                        type?: "TRANSACTIONAL" | "MARKETING" | "HEADLESS";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            html: string;
                            subject: string;
                            text: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            defaultSubscribed: boolean;
                            description: string | null;
                            id: string;
                            name: string;
                            public: boolean;
                            /** @description Contacts subscribed to the topic: subscribed at all, and their choice (or else the default) is yes. */
                            subscriberCount: number;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Contacts who made no choice for the topic receive it (default false). */
                        defaultSubscribed?: boolean;
                        description?: string | null;
                        name: string;
                        /** @description Listed on the preference page (default true). */
                        public?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            defaultSubscribed: boolean;
                            description: string | null;
                            id: string;
                            name: string;
                            public: boolean;
                            /** @description Contacts subscribed to the topic: subscribed at all, and their choice (or else the default) is yes. */
                            subscriberCount: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/topics/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            defaultSubscribed: boolean;
                            description: string | null;
                            id: string;
                            name: string;
                            public: boolean;
                            /** @description Contacts subscribed to the topic: subscribed at all, and their choice (or else the default) is yes. */
                            subscriberCount: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Contacts who made no choice for the topic receive it (default false). */
                        defaultSubscribed?: boolean;
                        description?: string | null;
                        name?: string;
                        /** @description Listed on the preference page (default true). */
                        public?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            defaultSubscribed: boolean;
                            description: string | null;
                            id: string;
                            name: string;
                            public: boolean;
                            /** @description Contacts subscribed to the topic: subscribed at all, and their choice (or else the default) is yes. */
                            subscriberCount: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/transports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Temporary failures in a row; 5 pass it over for 60 s. */
                            consecutiveFailures: number;
                            /** Format: date-time */
                            createdAt: string;
                            enabled: boolean;
                            /** @description A password (SMTP) or secret access key (SES) is stored; it is never shown. */
                            hasSecret: boolean;
                            id: string;
                            kind: "SMTP" | "SES";
                            name: string;
                            /**
                             * Format: date-time
                             * @description Passed over until then, after 5 failures in a row.
                             */
                            pausedUntil: string | null;
                            priority: number;
                            ratePerSecond: number | null;
                            /** @description Without the secret access key. */
                            ses: {
                                accessKeyId: string;
                                endpoint: string | null;
                                region: string;
                            } | null;
                            streams: ("TRANSACTIONAL" | "MARKETING")[];
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Without its password. */
                            url: string | null;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default true. */
                        enabled?: boolean;
                        kind: "SMTP" | "SES";
                        name: string;
                        /** @description Lower is tried first (default 100). */
                        priority?: number;
                        /** @description Sends per second across every worker; null: no limit of its own. */
                        ratePerSecond?: number | null;
                        ses?: {
                            accessKeyId: string;
                            /** @description http(s) URL; private addresses are refused. */
                            endpoint?: string | null;
                            region: string;
                            secretAccessKey: string;
                        };
                        /** @description TRANSACTIONAL mail, and MARKETING for marketing and headless mail. */
                        streams: ("TRANSACTIONAL" | "MARKETING")[];
                        /** @description smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (TLS); private addresses are refused. */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Temporary failures in a row; 5 pass it over for 60 s. */
                            consecutiveFailures: number;
                            /** Format: date-time */
                            createdAt: string;
                            enabled: boolean;
                            /** @description A password (SMTP) or secret access key (SES) is stored; it is never shown. */
                            hasSecret: boolean;
                            id: string;
                            kind: "SMTP" | "SES";
                            name: string;
                            /**
                             * Format: date-time
                             * @description Passed over until then, after 5 failures in a row.
                             */
                            pausedUntil: string | null;
                            priority: number;
                            ratePerSecond: number | null;
                            /** @description Without the secret access key. */
                            ses: {
                                accessKeyId: string;
                                endpoint: string | null;
                                region: string;
                            } | null;
                            streams: ("TRANSACTIONAL" | "MARKETING")[];
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Without its password. */
                            url: string | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Temporary failures in a row; 5 pass it over for 60 s. */
                            consecutiveFailures: number;
                            /** Format: date-time */
                            createdAt: string;
                            enabled: boolean;
                            /** @description A password (SMTP) or secret access key (SES) is stored; it is never shown. */
                            hasSecret: boolean;
                            id: string;
                            kind: "SMTP" | "SES";
                            name: string;
                            /**
                             * Format: date-time
                             * @description Passed over until then, after 5 failures in a row.
                             */
                            pausedUntil: string | null;
                            priority: number;
                            ratePerSecond: number | null;
                            /** @description Without the secret access key. */
                            ses: {
                                accessKeyId: string;
                                endpoint: string | null;
                                region: string;
                            } | null;
                            streams: ("TRANSACTIONAL" | "MARKETING")[];
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Without its password. */
                            url: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enabled?: boolean;
                        kind?: "SMTP" | "SES";
                        name?: string;
                        /** @description Lower is tried first (default 100). */
                        priority?: number;
                        /** @description Sends per second across every worker; null: no limit of its own. */
                        ratePerSecond?: number | null;
                        ses?: {
                            accessKeyId?: string;
                            /** @description http(s) URL; private addresses are refused. */
                            endpoint?: string | null;
                            region?: string;
                            secretAccessKey?: string;
                        };
                        /** @description TRANSACTIONAL mail, and MARKETING for marketing and headless mail. */
                        streams?: ("TRANSACTIONAL" | "MARKETING")[];
                        /** @description Replaces the URL and its credentials entirely. */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Temporary failures in a row; 5 pass it over for 60 s. */
                            consecutiveFailures: number;
                            /** Format: date-time */
                            createdAt: string;
                            enabled: boolean;
                            /** @description A password (SMTP) or secret access key (SES) is stored; it is never shown. */
                            hasSecret: boolean;
                            id: string;
                            kind: "SMTP" | "SES";
                            name: string;
                            /**
                             * Format: date-time
                             * @description Passed over until then, after 5 failures in a row.
                             */
                            pausedUntil: string | null;
                            priority: number;
                            ratePerSecond: number | null;
                            /** @description Without the secret access key. */
                            ses: {
                                accessKeyId: string;
                                endpoint: string | null;
                                region: string;
                            } | null;
                            streams: ("TRANSACTIONAL" | "MARKETING")[];
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Without its password. */
                            url: string | null;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/transports/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            durationMs: number;
                            ok: boolean;
                            response: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                /** @description Decided from the file content, never from its name or declared type. */
                                contentType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                /** @description Bytes. */
                                size: number;
                                /** @description Absolute public URL of the image, for use in template bodies. */
                                url: string;
                            }[];
                            hasMore: boolean;
                            /** @description Matching uploads; only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/uploads/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The `<id>.<ext>` file name from the upload URL. */
                    file: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The image bytes, with the type it was stored as. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/gif": string;
                        "image/jpeg": string;
                        "image/png": string;
                        "image/webp": string;
                    };
                };
                /** @description Default Response */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/uploads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/uploads/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Decided from the file content, never from its name or declared type. */
                            contentType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
                            id: string;
                            /** @description Bytes. */
                            size: number;
                            /** @description Absolute public URL of the image, for use in template bodies. */
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            emailVerified: boolean;
                            id: string;
                            language?: "en" | "de" | "fr" | "es";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        language: ("en" | "de" | "fr" | "es") | (never | null);
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            email: string;
                            emailVerified: boolean;
                            id: string;
                            language?: "en" | "de" | "fr" | "es";
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/users/@me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        currentPassword: string;
                        newPassword: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            message?: string;
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            allowedOrigins: string[];
                            /** @description The roles the caller may give a new or existing member; only an OWNER grants or takes away OWNER. */
                            assignableRoles: ("OWNER" | "ADMIN" | "MEMBER")[];
                            confirmationTemplateId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description MARKETING emails handed over per day (midnight to midnight in the project zone); null: no cap. */
                            dailyMarketingCap: number | null;
                            /** @description Locale for contacts without data.locale; null: English. */
                            defaultLocale: string | null;
                            disabled: boolean;
                            doubleOptIn: boolean;
                            id: string;
                            /** @description The MCP server (POST /mcp, docs/mcp.md) lists and runs its write tools: upsert_contact, send_email, track_event, create_campaign_draft. Default false: read tools only. */
                            mcpWrites: boolean;
                            name: string;
                            /** @description What the caller's role may do in the project (the server's permission table, src/projects/permissions.ts). */
                            permissions: ("project.use" | "contacts.erase" | "domains.manage" | "webhooks.manage" | "transports.manage" | "settings.change" | "keys.rotate" | "members.invite" | "members.manage" | "billing.manage" | "billing.read" | "project.reset" | "project.delete" | "project.reinstate" | "audit.read" | "suppressions.manage")[];
                            publicKey: string;
                            /** @description The caller's role in the project. */
                            role: "OWNER" | "ADMIN" | "MEMBER";
                            secretKeyHint: string;
                            /** @description Emails per second; null: the server default (SEND_RATE_PER_SECOND). */
                            sendRatePerSecond: number | null;
                            sendWindow: {
                                days: ("MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN")[];
                                /** @description HH:MM; before start: the window spans midnight; equal: refused. */
                                end: string;
                                /** @description HH:MM, 24-hour clock. */
                                start: string;
                                /** @description IANA time zone, e.g. Europe/Berlin. */
                                timezone: string;
                            } | null;
                            signupForm: {
                                description: string;
                                /** @description GET /join/:projectId answers 404 while false. */
                                enabled: boolean;
                                fields: {
                                    /** @description The data key the value is stored under (letters, digits, _ and -; a letter first). */
                                    key: string;
                                    label: string;
                                    /** @description A required boolean must be ticked (a consent box). */
                                    required: boolean;
                                    type: "text" | "number" | "boolean";
                                }[];
                                /** @description Heading of the form; "" shows a localized "Sign up". */
                                title: string;
                                /** @description Topics offered as checkboxes (the public ones are shown); unknown ids are a 422. */
                                topics: string[];
                            };
                            signupFrom: string | null;
                            /** @description IANA time zone, e.g. Europe/Berlin. */
                            timezone: string;
                            /** @description Open and click tracking: ENABLED (default), DISABLED, or MARKETING_ONLY. */
                            tracking: "ENABLED" | "DISABLED" | "MARKETING_ONLY";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Cap for day d after startedOn: startPerDay × (1 + growthPercent/100)^d, rounded down. */
                            warmup: {
                                growthPercent: number;
                                /** @description YYYY-MM-DD: day 0 of the warm-up. */
                                startedOn: string;
                                startPerDay: number;
                            } | null;
                            /** @description Key of the X-Mailwright-Signature HMAC on outgoing workflow webhooks (whsec_…). */
                            webhookSigningSecret: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            allowedOrigins: string[];
                            /** @description The roles the caller may give a new or existing member; only an OWNER grants or takes away OWNER. */
                            assignableRoles: ("OWNER" | "ADMIN" | "MEMBER")[];
                            confirmationTemplateId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description MARKETING emails handed over per day (midnight to midnight in the project zone); null: no cap. */
                            dailyMarketingCap: number | null;
                            /** @description Locale for contacts without data.locale; null: English. */
                            defaultLocale: string | null;
                            disabled: boolean;
                            doubleOptIn: boolean;
                            id: string;
                            /** @description The MCP server (POST /mcp, docs/mcp.md) lists and runs its write tools: upsert_contact, send_email, track_event, create_campaign_draft. Default false: read tools only. */
                            mcpWrites: boolean;
                            name: string;
                            /** @description What the caller's role may do in the project (the server's permission table, src/projects/permissions.ts). */
                            permissions: ("project.use" | "contacts.erase" | "domains.manage" | "webhooks.manage" | "transports.manage" | "settings.change" | "keys.rotate" | "members.invite" | "members.manage" | "billing.manage" | "billing.read" | "project.reset" | "project.delete" | "project.reinstate" | "audit.read" | "suppressions.manage")[];
                            publicKey: string;
                            /** @description The caller's role in the project. */
                            role: "OWNER" | "ADMIN" | "MEMBER";
                            secretKey: string;
                            secretKeyHint: string;
                            /** @description Emails per second; null: the server default (SEND_RATE_PER_SECOND). */
                            sendRatePerSecond: number | null;
                            sendWindow: {
                                days: ("MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN")[];
                                /** @description HH:MM; before start: the window spans midnight; equal: refused. */
                                end: string;
                                /** @description HH:MM, 24-hour clock. */
                                start: string;
                                /** @description IANA time zone, e.g. Europe/Berlin. */
                                timezone: string;
                            } | null;
                            signupForm: {
                                description: string;
                                /** @description GET /join/:projectId answers 404 while false. */
                                enabled: boolean;
                                fields: {
                                    /** @description The data key the value is stored under (letters, digits, _ and -; a letter first). */
                                    key: string;
                                    label: string;
                                    /** @description A required boolean must be ticked (a consent box). */
                                    required: boolean;
                                    type: "text" | "number" | "boolean";
                                }[];
                                /** @description Heading of the form; "" shows a localized "Sign up". */
                                title: string;
                                /** @description Topics offered as checkboxes (the public ones are shown); unknown ids are a 422. */
                                topics: string[];
                            };
                            signupFrom: string | null;
                            /** @description IANA time zone, e.g. Europe/Berlin. */
                            timezone: string;
                            /** @description Open and click tracking: ENABLED (default), DISABLED, or MARKETING_ONLY. */
                            tracking: "ENABLED" | "DISABLED" | "MARKETING_ONLY";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Cap for day d after startedOn: startPerDay × (1 + growthPercent/100)^d, rounded down. */
                            warmup: {
                                growthPercent: number;
                                /** @description YYYY-MM-DD: day 0 of the warm-up. */
                                startedOn: string;
                                startPerDay: number;
                            } | null;
                            /** @description Key of the X-Mailwright-Signature HMAC on outgoing workflow webhooks (whsec_…). */
                            webhookSigningSecret: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Origins (https://example.com) whose browsers may call POST /v1/subscribe. */
                        allowedOrigins?: string[];
                        /** @description Template of the confirmation mail (its body uses {{confirmUrl}}); null: the built-in text. */
                        confirmationTemplateId?: string | null;
                        /** @description MARKETING emails handed over per day (midnight to midnight in the project zone); null: no cap. */
                        dailyMarketingCap?: number | null;
                        /** @description Language of the unsubscribe footer and subscription pages for contacts without data.locale; null: English. */
                        defaultLocale?: string | (never | null);
                        /** @description Sign-ups wait for a confirmation link; needs signupFrom (422 otherwise). */
                        doubleOptIn?: boolean;
                        /** @description The MCP server (POST /mcp, docs/mcp.md) lists and runs its write tools: upsert_contact, send_email, track_event, create_campaign_draft. Default false: read tools only. */
                        mcpWrites?: boolean;
                        name?: string;
                        /** @description Emails per second this project sends; null: the server default. */
                        sendRatePerSecond?: number | null;
                        /** @description When MARKETING mail may go out (timezone: the project zone when absent); null: always. */
                        sendWindow?: {
                            days: ("MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN")[];
                            /** @description HH:MM; before start: the window spans midnight; equal: refused. */
                            end: string;
                            /** @description HH:MM, 24-hour clock. */
                            start: string;
                            /** @description IANA time zone, e.g. Europe/Berlin. */
                            timezone?: string;
                        } | null;
                        signupForm?: {
                            description?: string;
                            /** @description GET /join/:projectId answers 404 while false. */
                            enabled: boolean;
                            fields?: {
                                /** @description The data key the value is stored under (letters, digits, _ and -; a letter first). */
                                key: string;
                                label: string;
                                /** @description A required boolean must be ticked (a consent box). */
                                required: boolean;
                                type: "text" | "number" | "boolean";
                            }[];
                            /** @description Heading of the form; "" shows a localized "Sign up". */
                            title?: string;
                            /** @description Topics offered as checkboxes (the public ones are shown); unknown ids are a 422. */
                            topics?: string[];
                        };
                        /** @description Sender of confirmation mail, on a verified domain of the project (422 otherwise). */
                        signupFrom?: string | null;
                        /** @description Zone of recipients without data.timezone and of the daily cap. */
                        timezone?: string;
                        /** @description Open and click tracking: ENABLED (default), DISABLED, or MARKETING_ONLY. */
                        tracking?: "ENABLED" | "DISABLED" | "MARKETING_ONLY";
                        /** @description Cap for day d after startedOn: startPerDay × (1 + growthPercent/100)^d, rounded down. */
                        warmup?: {
                            growthPercent: number;
                            /** @description YYYY-MM-DD: day 0 of the warm-up. */
                            startedOn: string;
                            startPerDay: number;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            allowedOrigins: string[];
                            /** @description The roles the caller may give a new or existing member; only an OWNER grants or takes away OWNER. */
                            assignableRoles: ("OWNER" | "ADMIN" | "MEMBER")[];
                            confirmationTemplateId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description MARKETING emails handed over per day (midnight to midnight in the project zone); null: no cap. */
                            dailyMarketingCap: number | null;
                            /** @description Locale for contacts without data.locale; null: English. */
                            defaultLocale: string | null;
                            disabled: boolean;
                            doubleOptIn: boolean;
                            id: string;
                            /** @description The MCP server (POST /mcp, docs/mcp.md) lists and runs its write tools: upsert_contact, send_email, track_event, create_campaign_draft. Default false: read tools only. */
                            mcpWrites: boolean;
                            name: string;
                            /** @description What the caller's role may do in the project (the server's permission table, src/projects/permissions.ts). */
                            permissions: ("project.use" | "contacts.erase" | "domains.manage" | "webhooks.manage" | "transports.manage" | "settings.change" | "keys.rotate" | "members.invite" | "members.manage" | "billing.manage" | "billing.read" | "project.reset" | "project.delete" | "project.reinstate" | "audit.read" | "suppressions.manage")[];
                            publicKey: string;
                            /** @description The caller's role in the project. */
                            role: "OWNER" | "ADMIN" | "MEMBER";
                            secretKeyHint: string;
                            /** @description Emails per second; null: the server default (SEND_RATE_PER_SECOND). */
                            sendRatePerSecond: number | null;
                            sendWindow: {
                                days: ("MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN")[];
                                /** @description HH:MM; before start: the window spans midnight; equal: refused. */
                                end: string;
                                /** @description HH:MM, 24-hour clock. */
                                start: string;
                                /** @description IANA time zone, e.g. Europe/Berlin. */
                                timezone: string;
                            } | null;
                            signupForm: {
                                description: string;
                                /** @description GET /join/:projectId answers 404 while false. */
                                enabled: boolean;
                                fields: {
                                    /** @description The data key the value is stored under (letters, digits, _ and -; a letter first). */
                                    key: string;
                                    label: string;
                                    /** @description A required boolean must be ticked (a consent box). */
                                    required: boolean;
                                    type: "text" | "number" | "boolean";
                                }[];
                                /** @description Heading of the form; "" shows a localized "Sign up". */
                                title: string;
                                /** @description Topics offered as checkboxes (the public ones are shown); unknown ids are a 422. */
                                topics: string[];
                            };
                            signupFrom: string | null;
                            /** @description IANA time zone, e.g. Europe/Berlin. */
                            timezone: string;
                            /** @description Open and click tracking: ENABLED (default), DISABLED, or MARKETING_ONLY. */
                            tracking: "ENABLED" | "DISABLED" | "MARKETING_ONLY";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Cap for day d after startedOn: startPerDay × (1 + growthPercent/100)^d, rounded down. */
                            warmup: {
                                growthPercent: number;
                                /** @description YYYY-MM-DD: day 0 of the warm-up. */
                                startedOn: string;
                                startPerDay: number;
                            } | null;
                            /** @description Key of the X-Mailwright-Signature HMAC on outgoing workflow webhooks (whsec_…). */
                            webhookSigningSecret: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/users/@me/projects/{id}/billing-consumption": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            marketing: number;
                            /**
                             * Format: date-time
                             * @description Exclusive.
                             */
                            periodEnd: string;
                            /** Format: date-time */
                            periodStart: string;
                            total: number;
                            transactional: number;
                            workflow: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/billing-invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description In the currency’s smallest unit (cents). */
                            amountDue: number;
                            amountPaid: number;
                            /** Format: date-time */
                            created: string;
                            currency: string;
                            hostedInvoiceUrl: string | null;
                            id: string;
                            number: string | null;
                            /** @description Stripe's invoice status; null when Stripe gives none or one not listed here. */
                            status: ("draft" | "open" | "paid" | "uncollectible" | "void") | (never | null);
                        }[];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/billing-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Emails per billing period; null: no cap. */
                            marketing: number | null;
                            /** @description Emails per billing period; null: no cap. */
                            transactional: number | null;
                            /** @description Emails per billing period; null: no cap. */
                            workflow: number | null;
                        };
                    };
                };
            };
        };
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Emails per billing period; null: no cap. */
                        marketing?: number | null;
                        /** @description Emails per billing period; null: no cap. */
                        transactional?: number | null;
                        /** @description Emails per billing period; null: no cap. */
                        workflow?: number | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Emails per billing period; null: no cap. */
                            marketing: number | null;
                            /** @description Emails per billing period; null: no cap. */
                            transactional: number | null;
                            /** @description Emails per billing period; null: no cap. */
                            workflow: number | null;
                        };
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/billing-portal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/regenerate-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            allowedOrigins: string[];
                            /** @description The roles the caller may give a new or existing member; only an OWNER grants or takes away OWNER. */
                            assignableRoles: ("OWNER" | "ADMIN" | "MEMBER")[];
                            confirmationTemplateId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description MARKETING emails handed over per day (midnight to midnight in the project zone); null: no cap. */
                            dailyMarketingCap: number | null;
                            /** @description Locale for contacts without data.locale; null: English. */
                            defaultLocale: string | null;
                            disabled: boolean;
                            doubleOptIn: boolean;
                            id: string;
                            /** @description The MCP server (POST /mcp, docs/mcp.md) lists and runs its write tools: upsert_contact, send_email, track_event, create_campaign_draft. Default false: read tools only. */
                            mcpWrites: boolean;
                            name: string;
                            /** @description What the caller's role may do in the project (the server's permission table, src/projects/permissions.ts). */
                            permissions: ("project.use" | "contacts.erase" | "domains.manage" | "webhooks.manage" | "transports.manage" | "settings.change" | "keys.rotate" | "members.invite" | "members.manage" | "billing.manage" | "billing.read" | "project.reset" | "project.delete" | "project.reinstate" | "audit.read" | "suppressions.manage")[];
                            publicKey: string;
                            /** @description The caller's role in the project. */
                            role: "OWNER" | "ADMIN" | "MEMBER";
                            secretKey: string;
                            secretKeyHint: string;
                            /** @description Emails per second; null: the server default (SEND_RATE_PER_SECOND). */
                            sendRatePerSecond: number | null;
                            sendWindow: {
                                days: ("MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN")[];
                                /** @description HH:MM; before start: the window spans midnight; equal: refused. */
                                end: string;
                                /** @description HH:MM, 24-hour clock. */
                                start: string;
                                /** @description IANA time zone, e.g. Europe/Berlin. */
                                timezone: string;
                            } | null;
                            signupForm: {
                                description: string;
                                /** @description GET /join/:projectId answers 404 while false. */
                                enabled: boolean;
                                fields: {
                                    /** @description The data key the value is stored under (letters, digits, _ and -; a letter first). */
                                    key: string;
                                    label: string;
                                    /** @description A required boolean must be ticked (a consent box). */
                                    required: boolean;
                                    type: "text" | "number" | "boolean";
                                }[];
                                /** @description Heading of the form; "" shows a localized "Sign up". */
                                title: string;
                                /** @description Topics offered as checkboxes (the public ones are shown); unknown ids are a 422. */
                                topics: string[];
                            };
                            signupFrom: string | null;
                            /** @description IANA time zone, e.g. Europe/Berlin. */
                            timezone: string;
                            /** @description Open and click tracking: ENABLED (default), DISABLED, or MARKETING_ONLY. */
                            tracking: "ENABLED" | "DISABLED" | "MARKETING_ONLY";
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Cap for day d after startedOn: startPerDay × (1 + growthPercent/100)^d, rounded down. */
                            warmup: {
                                growthPercent: number;
                                /** @description YYYY-MM-DD: day 0 of the warm-up. */
                                startedOn: string;
                                startPerDay: number;
                            } | null;
                            /** @description Key of the X-Mailwright-Signature HMAC on outgoing workflow webhooks (whsec_…). */
                            webhookSigningSecret: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Hard bounces (and recipients refused at send time). */
                            bounced: number;
                            /** @description bounced / sent, from 0 to 1. */
                            bounceRate: number;
                            complained: number;
                            /** @description complained / sent, from 0 to 1. */
                            complaintRate: number;
                            disabled: boolean;
                            projectId: string;
                            sent: number;
                            /** @description The latest suspensions, newest first. */
                            suspensions: {
                                bounced: number;
                                bounceRate: number;
                                complained: number;
                                complaintRate: number;
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                /** Format: date-time */
                                liftedAt: string | null;
                                liftedBy: string | null;
                                reason: "BOUNCE_RATE" | "COMPLAINT_RATE";
                                sent: number;
                                /** Format: date-time */
                                windowStart: string;
                            }[];
                            thresholds: {
                                bounceRate: number;
                                complaintRate: number;
                                /** @description Sent emails in the window below which no suspension happens. */
                                minVolume: number;
                            };
                            window: {
                                days: number;
                                /**
                                 * Format: date-time
                                 * @description Start of the window: SUSPENSION_WINDOW_DAYS ago, or the last reinstatement if later.
                                 */
                                since: string;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Optional: when given, it must be the project's name, exactly (the reset is irreversible). */
                        confirm?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Rows deleted so far. */
                            deleted: number;
                            failureReason: string | null;
                            /** Format: date-time */
                            finishedAt: string | null;
                            id: string;
                            projectId: string;
                            status: "queued" | "processing" | "completed" | "failed";
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/resets/{resetId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    resetId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            /** @description Rows deleted so far. */
                            deleted: number;
                            failureReason: string | null;
                            /** Format: date-time */
                            finishedAt: string | null;
                            id: string;
                            projectId: string;
                            status: "queued" | "processing" | "completed" | "failed";
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/security": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Hard bounces (and recipients refused at send time). */
                            bounced: number;
                            /** @description bounced / sent, from 0 to 1. */
                            bounceRate: number;
                            complained: number;
                            /** @description complained / sent, from 0 to 1. */
                            complaintRate: number;
                            disabled: boolean;
                            projectId: string;
                            sent: number;
                            /** @description The latest suspensions, newest first. */
                            suspensions: {
                                bounced: number;
                                bounceRate: number;
                                complained: number;
                                complaintRate: number;
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                /** Format: date-time */
                                liftedAt: string | null;
                                liftedBy: string | null;
                                reason: "BOUNCE_RATE" | "COMPLAINT_RATE";
                                sent: number;
                                /** Format: date-time */
                                windowStart: string;
                            }[];
                            thresholds: {
                                bounceRate: number;
                                complaintRate: number;
                                /** @description Sent emails in the window below which no suspension happens. */
                                minVolume: number;
                            };
                            window: {
                                days: number;
                                /**
                                 * Format: date-time
                                 * @description Start of the window: SUSPENSION_WINDOW_DAYS ago, or the last reinstatement if later.
                                 */
                                since: string;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/projects/{id}/sending-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Today first; caps rounded down, null where nothing limits. */
                            next7Days: {
                                cap: number | null;
                                date: string;
                            }[];
                            /** @description The project's zone: days run midnight to midnight there. */
                            timezone: string;
                            today: {
                                /** @description null: nothing limits today. */
                                cap: number | null;
                                date: string;
                                remaining: number | null;
                                /** @description MARKETING emails handed over today. */
                                sent: number;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/@me/sign-in-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Configured OAuth providers the account is linked to. */
                            oauth: string[];
                            /** @description Single sign-on is configured and the account is linked to it. */
                            oidc: boolean;
                            /** @description The account has a password, and password sign-in is open to it. */
                            password: boolean;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        attachments?: {
                            /** @description Base64. */
                            content: string;
                            contentId?: string;
                            contentType: string;
                            disposition?: "attachment" | "inline";
                            filename: string;
                        }[];
                        /** @description HTML. */
                        body?: string;
                        /** @description Custom fields, patched: null deletes a key, "" is ignored, { value, persistent: false } is not stored, reserved keys are dropped. */
                        data?: {
                            [key: string]: unknown;
                        };
                        from?: string | {
                            email: string;
                            name?: string;
                        };
                        headers?: {
                            [key: string]: string;
                        };
                        /** @description Deprecated: sender name, used when `from` is a string. */
                        name?: string;
                        reply?: string;
                        /** @description No newlines. */
                        subject?: string;
                        subscribed?: boolean;
                        /** @description Template id. */
                        template?: string;
                        to: (string | {
                            email: string;
                            name?: string;
                        }) | (string | {
                            email: string;
                            name?: string;
                        })[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                emails: {
                                    contact: {
                                        email: string;
                                        id: string;
                                    };
                                    /** @description Email id. */
                                    email: string;
                                }[];
                                skipped?: {
                                    email: string;
                                    reason: "UNSUBSCRIBED";
                                }[];
                                /** Format: date-time */
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Custom fields: only keys the contact lacks are stored (a sign-up never overwrites). */
                        data?: {
                            [key: string]: unknown;
                        };
                        email: string;
                        /** @description Topic ids; unknown ids are a 422. */
                        topics?: string[];
                        /** @description Honeypot: a form filled in by a bot sets it; the answer is the same, nothing is stored. */
                        website?: unknown;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                status: "SUBSCRIBED" | "CONFIRMATION_SENT";
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/track": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Custom fields, with the contact's data rules. The event stores the same values, unwrapped: `{ value, persistent: false }` is kept on the event (not on the contact); null and "" are left out. */
                        data?: {
                            [key: string]: unknown;
                        };
                        email: string;
                        /** @description The event name, trimmed. System names (`email.*`, `contact.*`, `segment.*`) are refused with 422. */
                        event: string;
                        /** @description Default true for a new contact; an existing one changes only when given. */
                        subscribed?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description The contact id. */
                                contact: string;
                                /** @description The event id. */
                                event: string;
                                /** Format: date-time */
                                timestamp: string;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                domainExists: boolean;
                                email: string;
                                hasMxRecords: boolean;
                                hasWebsite: boolean;
                                isAlias: boolean;
                                isDisposable: boolean;
                                isPersonalEmail: boolean;
                                isPlusAddressed: boolean;
                                isTypo: boolean;
                                reasons: string[];
                                suggestedEmail?: string;
                                valid: boolean;
                            };
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            disabledReason: string | null;
                            enabled: boolean;
                            events: string[];
                            id: string;
                            /** Format: date-time */
                            updatedAt: string;
                            url: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string | null;
                        /** @default true */
                        enabled?: boolean;
                        events: (("email.sent" | "email.delivered" | "email.delivery_delayed" | "email.failed" | "email.bounced" | "email.complained" | "email.opened" | "email.clicked" | "email.suppressed" | "email.received" | "contact.created" | "contact.updated" | "contact.deleted" | "contact.subscribed" | "contact.unsubscribed" | "event.tracked" | "campaign.sent" | "workflow.execution.completed" | "workflow.execution.failed") | "*")[];
                        /** @description http or https; private addresses are refused. */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            disabledReason: string | null;
                            enabled: boolean;
                            events: string[];
                            id: string;
                            /** @description `whsec_` + base64 of 32 bytes; shown only here. */
                            secret: string;
                            /** Format: date-time */
                            updatedAt: string;
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            disabledReason: string | null;
                            enabled: boolean;
                            events: string[];
                            id: string;
                            /** Format: date-time */
                            updatedAt: string;
                            url: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string | null;
                        enabled?: boolean;
                        events?: (("email.sent" | "email.delivered" | "email.delivery_delayed" | "email.failed" | "email.bounced" | "email.complained" | "email.opened" | "email.clicked" | "email.suppressed" | "email.received" | "contact.created" | "contact.updated" | "contact.deleted" | "contact.subscribed" | "contact.unsubscribed" | "event.tracked" | "campaign.sent" | "workflow.execution.completed" | "workflow.execution.failed") | "*")[];
                        /** @description http or https; private addresses are refused. */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            disabledReason: string | null;
                            enabled: boolean;
                            events: string[];
                            id: string;
                            /** Format: date-time */
                            updatedAt: string;
                            url: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/webhook-endpoints/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                    status?: "PENDING" | "DELIVERED" | "FAILED";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                attempts: number;
                                /** Format: date-time */
                                createdAt: string;
                                /** @description The webhook-id, the same on every attempt. */
                                id: string;
                                /** Format: date-time */
                                lastAttemptAt: string | null;
                                lastResponse: {
                                    /** @description The first 1 KB of the response, or what went wrong. */
                                    body: string;
                                    durationMs: number;
                                    /** @description null when no response came */
                                    status: number | null;
                                } | null;
                                /** Format: date-time */
                                nextAttemptAt: string | null;
                                status: "PENDING" | "DELIVERED" | "FAILED";
                                type: string;
                            }[];
                            hasMore: boolean;
                            /** @description Matching messages; only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    messageId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attemptLog: {
                                /** Format: date-time */
                                at: string;
                                body: string;
                                durationMs: number;
                                id: string;
                                status: number | null;
                            }[];
                            attempts: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The webhook-id, the same on every attempt. */
                            id: string;
                            /** Format: date-time */
                            lastAttemptAt: string | null;
                            lastResponse: {
                                /** @description The first 1 KB of the response, or what went wrong. */
                                body: string;
                                durationMs: number;
                                /** @description null when no response came */
                                status: number | null;
                            } | null;
                            /** Format: date-time */
                            nextAttemptAt: string | null;
                            payload: {
                                data: unknown;
                                /** Format: date-time */
                                timestamp: string;
                                type: string;
                            };
                            status: "PENDING" | "DELIVERED" | "FAILED";
                            type: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/messages/{messageId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    messageId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attemptLog: {
                                /** Format: date-time */
                                at: string;
                                body: string;
                                durationMs: number;
                                id: string;
                                status: number | null;
                            }[];
                            attempts: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The webhook-id, the same on every attempt. */
                            id: string;
                            /** Format: date-time */
                            lastAttemptAt: string | null;
                            lastResponse: {
                                /** @description The first 1 KB of the response, or what went wrong. */
                                body: string;
                                durationMs: number;
                                /** @description null when no response came */
                                status: number | null;
                            } | null;
                            /** Format: date-time */
                            nextAttemptAt: string | null;
                            payload: {
                                data: unknown;
                                /** Format: date-time */
                                timestamp: string;
                                type: string;
                            };
                            status: "PENDING" | "DELIVERED" | "FAILED";
                            type: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            disabledReason: string | null;
                            enabled: boolean;
                            events: string[];
                            id: string;
                            /** @description `whsec_` + base64 of 32 bytes; shown only here. */
                            secret: string;
                            /** Format: date-time */
                            updatedAt: string;
                            url: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: date-time */
                            at: string;
                            body: string;
                            delivered: boolean;
                            durationMs: number;
                            messageId: string;
                            status: number | null;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/incoming/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            outcome: "handled" | "duplicate" | "ignored";
                            /** @enum {boolean} */
                            received: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/sns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        Message: string;
                        MessageId: string;
                        Signature: string;
                        SignatureVersion: string;
                        SigningCertURL: string;
                        Subject?: string;
                        SubscribeURL?: string;
                        Timestamp: string;
                        Token?: string;
                        TopicArn: string;
                        Type: string;
                        UnsubscribeURL?: string;
                    };
                    "text/plain": {
                        Message: string;
                        MessageId: string;
                        Signature: string;
                        SignatureVersion: string;
                        SigningCertURL: string;
                        Subject?: string;
                        SubscribeURL?: string;
                        Timestamp: string;
                        Token?: string;
                        TopicArn: string;
                        Type: string;
                        UnsubscribeURL?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            outcome: "applied" | "duplicate" | "confirmed" | "ignored";
                            /** @enum {boolean} */
                            success: true;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description RUNNING or WAITING executions. */
                            activeExecutionCount: number;
                            allowReentry: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            enabled: boolean;
                            eventName: string | null;
                            /** @description Executions of every status. */
                            executionCount: number;
                            id: string;
                            name: string;
                            /** @description Steps in the graph, the TRIGGER included. */
                            stepCount: number;
                            triggerConfig: {
                                [key: string]: unknown;
                            };
                            triggerType: "EVENT" | "MANUAL" | "SCHEDULE";
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string | null;
                        eventName: string;
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            allowReentry: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            enabled: boolean;
                            eventName: string | null;
                            id: string;
                            name: string;
                            steps: {
                                config: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                name: string | null;
                                /** @description Where the canvas draws the step. */
                                position: {
                                    x: number;
                                    y: number;
                                } | null;
                                type: "TRIGGER" | "SEND_EMAIL" | "DELAY" | "WAIT_FOR_EVENT" | "CONDITION" | "WEBHOOK" | "UPDATE_CONTACT" | "EXIT";
                                /** Format: date-time */
                                updatedAt: string;
                                workflowId: string;
                            }[];
                            transitions: {
                                branch: ("yes" | "no") | (never | null);
                                condition: {
                                    branch: "yes" | "no";
                                } | null;
                                /** Format: date-time */
                                createdAt: string;
                                fromStepId: string;
                                id: string;
                                priority: number;
                                toStepId: string;
                                waitOutcome: ("EVENT" | "TIMEOUT") | (never | null);
                                workflowId: string;
                            }[];
                            triggerConfig: {
                                [key: string]: unknown;
                            };
                            triggerType: "EVENT" | "MANUAL" | "SCHEDULE";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            allowReentry: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            enabled: boolean;
                            eventName: string | null;
                            id: string;
                            name: string;
                            steps: {
                                config: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                name: string | null;
                                /** @description Where the canvas draws the step. */
                                position: {
                                    x: number;
                                    y: number;
                                } | null;
                                type: "TRIGGER" | "SEND_EMAIL" | "DELAY" | "WAIT_FOR_EVENT" | "CONDITION" | "WEBHOOK" | "UPDATE_CONTACT" | "EXIT";
                                /** Format: date-time */
                                updatedAt: string;
                                workflowId: string;
                            }[];
                            transitions: {
                                branch: ("yes" | "no") | (never | null);
                                condition: {
                                    branch: "yes" | "no";
                                } | null;
                                /** Format: date-time */
                                createdAt: string;
                                fromStepId: string;
                                id: string;
                                priority: number;
                                toStepId: string;
                                waitOutcome: ("EVENT" | "TIMEOUT") | (never | null);
                                workflowId: string;
                            }[];
                            triggerConfig: {
                                [key: string]: unknown;
                            };
                            triggerType: "EVENT" | "MANUAL" | "SCHEDULE";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        allowReentry?: boolean;
                        description?: string | null;
                        enabled?: boolean;
                        eventName?: string;
                        name?: string;
                        /** @description EVENT: { eventName }; SCHEDULE: { schedule, segmentId? }; MANUAL: {}. */
                        triggerConfig?: {
                            eventName?: string;
                            /** @description 5-field cron, UTC. */
                            schedule?: string;
                            segmentId?: string | null;
                        };
                        triggerType?: "EVENT" | "MANUAL" | "SCHEDULE";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            allowReentry: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            description: string | null;
                            enabled: boolean;
                            eventName: string | null;
                            id: string;
                            name: string;
                            steps: {
                                config: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                createdAt: string;
                                id: string;
                                name: string | null;
                                /** @description Where the canvas draws the step. */
                                position: {
                                    x: number;
                                    y: number;
                                } | null;
                                type: "TRIGGER" | "SEND_EMAIL" | "DELAY" | "WAIT_FOR_EVENT" | "CONDITION" | "WEBHOOK" | "UPDATE_CONTACT" | "EXIT";
                                /** Format: date-time */
                                updatedAt: string;
                                workflowId: string;
                            }[];
                            transitions: {
                                branch: ("yes" | "no") | (never | null);
                                condition: {
                                    branch: "yes" | "no";
                                } | null;
                                /** Format: date-time */
                                createdAt: string;
                                fromStepId: string;
                                id: string;
                                priority: number;
                                toStepId: string;
                                waitOutcome: ("EVENT" | "TIMEOUT") | (never | null);
                                workflowId: string;
                            }[];
                            triggerConfig: {
                                [key: string]: unknown;
                            };
                            triggerType: "EVENT" | "MANUAL" | "SCHEDULE";
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/workflows/{id}/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                    status?: "RUNNING" | "WAITING" | "COMPLETED" | "EXITED" | "FAILED" | "CANCELLED";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Pass as `cursor` for the next page; "" when there is none. */
                            cursor: string;
                            data: {
                                /** @description The contact's address (null once deleted). */
                                contactEmail: string | null;
                                contactId: string;
                                context: {
                                    [key: string]: unknown;
                                };
                                currentStepId: string | null;
                                /**
                                 * Format: date-time
                                 * @description When a wait ends (or the step runs again).
                                 */
                                dueAt: string | null;
                                /** Format: date-time */
                                endedAt: string | null;
                                /** @description The contact's nth entry into the workflow. */
                                entry: number;
                                error: string | null;
                                event: {
                                    [key: string]: unknown;
                                };
                                exitReason: string | null;
                                id: string;
                                /** Format: date-time */
                                startedAt: string;
                                status: "RUNNING" | "WAITING" | "COMPLETED" | "EXITED" | "FAILED" | "CANCELLED";
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description The event a WAIT_FOR_EVENT step waits for. */
                                waitingFor: string | null;
                                workflowId: string;
                            }[];
                            hasMore: boolean;
                            /** @description Matching executions; only on the first page (0 on later pages). */
                            total: number;
                        };
                    };
                };
            };
        };
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        contactId: string;
                        context?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The contact's address (null once deleted). */
                            contactEmail: string | null;
                            contactId: string;
                            context: {
                                [key: string]: unknown;
                            };
                            currentStepId: string | null;
                            /**
                             * Format: date-time
                             * @description When a wait ends (or the step runs again).
                             */
                            dueAt: string | null;
                            /** Format: date-time */
                            endedAt: string | null;
                            /** @description The contact's nth entry into the workflow. */
                            entry: number;
                            error: string | null;
                            event: {
                                [key: string]: unknown;
                            };
                            exitReason: string | null;
                            id: string;
                            /** Format: date-time */
                            startedAt: string;
                            status: "RUNNING" | "WAITING" | "COMPLETED" | "EXITED" | "FAILED" | "CANCELLED";
                            steps: {
                                attempts: number;
                                error: string | null;
                                /** Format: date-time */
                                finishedAt: string;
                                id: string;
                                output: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                startedAt: string;
                                status: "COMPLETED" | "FAILED" | "SKIPPED";
                                stepId: string;
                                stepType: "TRIGGER" | "SEND_EMAIL" | "DELAY" | "WAIT_FOR_EVENT" | "CONDITION" | "WEBHOOK" | "UPDATE_CONTACT" | "EXIT";
                            }[];
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The event a WAIT_FOR_EVENT step waits for. */
                            waitingFor: string | null;
                            workflowId: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/executions/{executionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    executionId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The contact's address (null once deleted). */
                            contactEmail: string | null;
                            contactId: string;
                            context: {
                                [key: string]: unknown;
                            };
                            currentStepId: string | null;
                            /**
                             * Format: date-time
                             * @description When a wait ends (or the step runs again).
                             */
                            dueAt: string | null;
                            /** Format: date-time */
                            endedAt: string | null;
                            /** @description The contact's nth entry into the workflow. */
                            entry: number;
                            error: string | null;
                            event: {
                                [key: string]: unknown;
                            };
                            exitReason: string | null;
                            id: string;
                            /** Format: date-time */
                            startedAt: string;
                            status: "RUNNING" | "WAITING" | "COMPLETED" | "EXITED" | "FAILED" | "CANCELLED";
                            steps: {
                                attempts: number;
                                error: string | null;
                                /** Format: date-time */
                                finishedAt: string;
                                id: string;
                                output: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                startedAt: string;
                                status: "COMPLETED" | "FAILED" | "SKIPPED";
                                stepId: string;
                                stepType: "TRIGGER" | "SEND_EMAIL" | "DELAY" | "WAIT_FOR_EVENT" | "CONDITION" | "WEBHOOK" | "UPDATE_CONTACT" | "EXIT";
                            }[];
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The event a WAIT_FOR_EVENT step waits for. */
                            waitingFor: string | null;
                            workflowId: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    executionId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The contact's address (null once deleted). */
                            contactEmail: string | null;
                            contactId: string;
                            context: {
                                [key: string]: unknown;
                            };
                            currentStepId: string | null;
                            /**
                             * Format: date-time
                             * @description When a wait ends (or the step runs again).
                             */
                            dueAt: string | null;
                            /** Format: date-time */
                            endedAt: string | null;
                            /** @description The contact's nth entry into the workflow. */
                            entry: number;
                            error: string | null;
                            event: {
                                [key: string]: unknown;
                            };
                            exitReason: string | null;
                            id: string;
                            /** Format: date-time */
                            startedAt: string;
                            status: "RUNNING" | "WAITING" | "COMPLETED" | "EXITED" | "FAILED" | "CANCELLED";
                            steps: {
                                attempts: number;
                                error: string | null;
                                /** Format: date-time */
                                finishedAt: string;
                                id: string;
                                output: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                startedAt: string;
                                status: "COMPLETED" | "FAILED" | "SKIPPED";
                                stepId: string;
                                stepType: "TRIGGER" | "SEND_EMAIL" | "DELAY" | "WAIT_FOR_EVENT" | "CONDITION" | "WEBHOOK" | "UPDATE_CONTACT" | "EXIT";
                            }[];
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The event a WAIT_FOR_EVENT step waits for. */
                            waitingFor: string | null;
                            workflowId: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/executions/cancel-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cancelled: number;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        config?: {
                            [key: string]: unknown;
                        };
                        name?: string | null;
                        /** @description Where the canvas draws the step. */
                        position?: {
                            x: number;
                            y: number;
                        } | null;
                        type: "SEND_EMAIL" | "DELAY" | "WAIT_FOR_EVENT" | "CONDITION" | "WEBHOOK" | "UPDATE_CONTACT" | "EXIT";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            name: string | null;
                            /** @description Where the canvas draws the step. */
                            position: {
                                x: number;
                                y: number;
                            } | null;
                            type: "TRIGGER" | "SEND_EMAIL" | "DELAY" | "WAIT_FOR_EVENT" | "CONDITION" | "WEBHOOK" | "UPDATE_CONTACT" | "EXIT";
                            /** Format: date-time */
                            updatedAt: string;
                            workflowId: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/steps/{stepId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: {
                    /** @description Reconnect the steps before and after this one. */
                    splice?: boolean;
                };
                header?: never;
                path: {
                    id: string;
                    stepId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    stepId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        config?: {
                            [key: string]: unknown;
                        };
                        name?: string | null;
                        /** @description Where the canvas draws the step. */
                        position?: {
                            x: number;
                            y: number;
                        } | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            config: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                            id: string;
                            name: string | null;
                            /** @description Where the canvas draws the step. */
                            position: {
                                x: number;
                                y: number;
                            } | null;
                            type: "TRIGGER" | "SEND_EMAIL" | "DELAY" | "WAIT_FOR_EVENT" | "CONDITION" | "WEBHOOK" | "UPDATE_CONTACT" | "EXIT";
                            /** Format: date-time */
                            updatedAt: string;
                            workflowId: string;
                        };
                    };
                };
            };
        };
        trace?: never;
    };
    "/workflows/{id}/transitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        branch?: ("yes" | "no") | (never | null);
                        condition?: {
                            branch: "yes" | "no";
                        } | null;
                        fromStepId: string;
                        priority?: number;
                        toStepId: string;
                        waitOutcome?: ("EVENT" | "TIMEOUT") | (never | null);
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            branch: ("yes" | "no") | (never | null);
                            condition: {
                                branch: "yes" | "no";
                            } | null;
                            /** Format: date-time */
                            createdAt: string;
                            fromStepId: string;
                            id: string;
                            priority: number;
                            toStepId: string;
                            waitOutcome: ("EVENT" | "TIMEOUT") | (never | null);
                            workflowId: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}/transitions/{transitionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    transitionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            fields: {
                                field: string;
                                operators: string[];
                                source: "contact" | "event" | "context" | "email" | "segment" | "topic";
                                /** @description string, number, boolean, date, event (the trigger operators), segment, or topic (equals true or false). */
                                type: string;
                            }[];
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description One block of a document. */
        Block: components["schemas"]["HeadingBlock"] | components["schemas"]["TextBlock"] | components["schemas"]["ButtonBlock"] | components["schemas"]["ImageBlock"] | components["schemas"]["DividerBlock"] | components["schemas"]["SpacerBlock"] | components["schemas"]["ColumnsBlock"] | components["schemas"]["SocialBlock"] | components["schemas"]["HtmlBlock"];
        /** @description An email as blocks (beyond.md §8). At most 512 KB and 500 blocks, columns included. */
        BlockDocument: {
            blocks: components["schemas"]["Block"][];
            style?: components["schemas"]["DocumentStyle"];
            /** @enum {integer} */
            version: 1;
        };
        ButtonBlock: {
            /** @enum {string} */
            align?: "left" | "center" | "right";
            /** @description A CSS hex color: #rgb or #rrggbb. */
            backgroundColor?: string;
            /** @description An http(s) URL or a Liquid expression such as {{ url }}. */
            href: string;
            /** @description The editor's own key for the block; kept as given. */
            id?: string;
            label: string;
            /** @description CSS padding in px, one to four values: "10px 25px". */
            padding?: string;
            /** @description A CSS hex color: #rgb or #rrggbb. */
            textColor?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "button";
        };
        ColumnsBlock: {
            /** @enum {string} */
            align?: "left" | "center" | "right";
            /** @description 2 to 4 columns, each a list of blocks other than columns. */
            columns: components["schemas"]["LeafBlock"][][];
            /** @description The editor's own key for the block; kept as given. */
            id?: string;
            /** @description CSS padding in px, one to four values: "10px 25px". */
            padding?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "columns";
        };
        /** @description The nested form: groups joined by `logic`; each group is the AND of its filters and its nested condition. */
        ConditionForm: {
            groups: {
                conditions?: components["schemas"]["ConditionForm"];
                filters: components["schemas"]["FilterCondition"][];
            }[];
            /**
             * @description How the items join; AND when absent.
             * @enum {string}
             */
            logic?: "AND" | "OR";
        };
        DividerBlock: {
            /** @enum {string} */
            align?: "left" | "center" | "right";
            /** @description The editor's own key for the block; kept as given. */
            id?: string;
            /** @description CSS padding in px, one to four values: "10px 25px". */
            padding?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "divider";
        };
        DocumentStyle: {
            /** @description A CSS hex color: #rgb or #rrggbb. */
            backgroundColor?: string;
            /** @description A CSS hex color: #rgb or #rrggbb. */
            contentBackgroundColor?: string;
            /** @description Pixels; 600 when absent. */
            contentWidth?: number;
            /** @description A CSS font-family list: letters, digits, spaces, commas, quotes and hyphens. */
            fontFamily?: string;
            /** @description A CSS hex color: #rgb or #rrggbb. */
            linkColor?: string;
            /** @description A CSS hex color: #rgb or #rrggbb. */
            textColor?: string;
        };
        /**
         * @description Operators that fit a boolean field.
         * @enum {string}
         */
        FilterBooleanOperator: "equals" | "notEquals" | "exists" | "notExists";
        FilterCondition: {
            /** @description Event operators: at least (triggered*) or fewer than (notTriggered*) this many events; 1 when absent. */
            count?: number;
            field: components["schemas"]["FilterField"];
            operator: components["schemas"]["FilterOperator"];
            unit?: components["schemas"]["FilterUnit"];
            /** @description The value compared: a string (at most 1000 characters), number or boolean; a list of at most 500 for in and notIn; a window length (at most 1000000) for window operators; absent for valueless operators. */
            value?: unknown;
        };
        /**
         * @description Operators that fit a date field (createdAt, updatedAt, data.<key> of type date).
         * @enum {string}
         */
        FilterDateOperator: "equals" | "notEquals" | "greaterThan" | "lessThan" | "greaterThanOrEqual" | "lessThanOrEqual" | "within" | "olderThan" | "exists" | "notExists";
        /**
         * @description The email timestamps `email.<fact>` tests.
         * @enum {string}
         */
        FilterEmailFact: "sent" | "delivered" | "opened" | "clicked" | "bounced" | "complained";
        /**
         * @description Operators that fit event.<name> and email.<fact>.
         * @enum {string}
         */
        FilterEventOperator: "triggered" | "triggeredWithin" | "triggeredOlderThan" | "notTriggered" | "notTriggeredWithin";
        /** @description email, subscribed, createdAt, updatedAt, data.<key> (a custom field, dotted for nested keys), event.<name>, email.<fact> (see FilterEmailFact) or segment.<id>; in a workflow CONDITION also event.<key> with a value operator (a key of the data of the event that started the run) and workflow.<key>. */
        FilterField: string;
        /** @description A filter in either form. */
        FilterInput: components["schemas"]["FiltersForm"] | components["schemas"]["ConditionForm"];
        /**
         * @description Operators that fit a number field.
         * @enum {string}
         */
        FilterNumberOperator: "equals" | "notEquals" | "greaterThan" | "lessThan" | "greaterThanOrEqual" | "lessThanOrEqual" | "in" | "notIn" | "exists" | "notExists";
        /**
         * @description What a condition tests. Accepted aliases on input: gt (greaterThan), lt (lessThan), gte (greaterThanOrEqual), lte (lessThanOrEqual).
         * @enum {string}
         */
        FilterOperator: "equals" | "notEquals" | "contains" | "notContains" | "startsWith" | "endsWith" | "greaterThan" | "lessThan" | "greaterThanOrEqual" | "lessThanOrEqual" | "in" | "notIn" | "exists" | "notExists" | "within" | "olderThan" | "triggered" | "triggeredWithin" | "triggeredOlderThan" | "notTriggered" | "notTriggeredWithin" | "memberOfSegment" | "notMemberOfSegment";
        /**
         * @description Operators that fit segment.<id>.
         * @enum {string}
         */
        FilterSegmentOperator: "memberOfSegment" | "notMemberOfSegment";
        /** @description The contract form: a group whose items are conditions or nested groups (at most 8 deep, 200 conditions in all). The root may be empty (every contact); a nested group may not. */
        FiltersForm: {
            conditions: (components["schemas"]["FilterCondition"] | components["schemas"]["FiltersForm"])[];
            /**
             * @description How the items join; AND when absent.
             * @enum {string}
             */
            operator?: "AND" | "OR";
        };
        /**
         * @description Operators that fit a string field.
         * @enum {string}
         */
        FilterStringOperator: "equals" | "notEquals" | "contains" | "notContains" | "startsWith" | "endsWith" | "in" | "notIn" | "exists" | "notExists";
        /**
         * @description The unit of a window operator; days when absent.
         * @enum {string}
         */
        FilterUnit: "minutes" | "hours" | "days" | "weeks" | "months";
        /**
         * @description Operators that take no value.
         * @enum {string}
         */
        FilterValuelessOperator: "exists" | "notExists" | "triggered" | "notTriggered" | "memberOfSegment" | "notMemberOfSegment";
        /**
         * @description Operators whose value is a window length counted in `unit`.
         * @enum {string}
         */
        FilterWindowOperator: "within" | "olderThan" | "triggeredWithin" | "triggeredOlderThan" | "notTriggeredWithin";
        HeadingBlock: {
            /** @enum {string} */
            align?: "left" | "center" | "right";
            /** @description The editor's own key for the block; kept as given. */
            id?: string;
            /** @description 1 (largest) to 3; 1 when absent. */
            level?: number;
            /** @description CSS padding in px, one to four values: "10px 25px". */
            padding?: string;
            /** @description Plain text with Liquid. */
            text: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "heading";
        };
        HtmlBlock: {
            /** @enum {string} */
            align?: "left" | "center" | "right";
            /** @description HTML placed as it is (with Liquid). */
            html: string;
            /** @description The editor's own key for the block; kept as given. */
            id?: string;
            /** @description CSS padding in px, one to four values: "10px 25px". */
            padding?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "html";
        };
        ImageBlock: {
            /** @enum {string} */
            align?: "left" | "center" | "right";
            /** @description The text shown when the image is not; empty for a decorative image. */
            alt: string;
            /** @description An http(s) URL or a Liquid expression such as {{ url }}. */
            href?: string;
            /** @description The editor's own key for the block; kept as given. */
            id?: string;
            /** @description CSS padding in px, one to four values: "10px 25px". */
            padding?: string;
            /** @description An http(s) URL or a Liquid expression such as {{ url }}. */
            src: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "image";
            /** @description Pixels; the column width when absent. */
            width?: number;
        };
        /** @description A block inside a column: any block but columns. */
        LeafBlock: components["schemas"]["HeadingBlock"] | components["schemas"]["TextBlock"] | components["schemas"]["ButtonBlock"] | components["schemas"]["ImageBlock"] | components["schemas"]["DividerBlock"] | components["schemas"]["SpacerBlock"] | components["schemas"]["SocialBlock"] | components["schemas"]["HtmlBlock"];
        SocialBlock: {
            /** @enum {string} */
            align?: "left" | "center" | "right";
            /** @description The editor's own key for the block; kept as given. */
            id?: string;
            links: {
                href: string;
                /** @enum {string} */
                network: "facebook" | "x" | "instagram" | "linkedin" | "youtube" | "github" | "web";
            }[];
            /** @description CSS padding in px, one to four values: "10px 25px". */
            padding?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "social";
        };
        SpacerBlock: {
            /** @enum {string} */
            align?: "left" | "center" | "right";
            /** @description Pixels. */
            height: number;
            /** @description The editor's own key for the block; kept as given. */
            id?: string;
            /** @description CSS padding in px, one to four values: "10px 25px". */
            padding?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "spacer";
        };
        TextBlock: {
            /** @enum {string} */
            align?: "left" | "center" | "right";
            /** @description Inline HTML with Liquid: b strong i em u s a[href] br span[style]; anything else is removed on save. */
            html: string;
            /** @description The editor's own key for the block; kept as given. */
            id?: string;
            /** @description CSS padding in px, one to four values: "10px 25px". */
            padding?: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "text";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
