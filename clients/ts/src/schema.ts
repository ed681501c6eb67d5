// Generated from openapi/openapi.yaml by clients/ts/scripts/generate.mjs
// (openapi-typescript). Do not edit: run `npm run generate`.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getHealthz"];
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
        /** Readiness (database and object store reachable) */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in and register this installation as a device */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a refresh token
         * @description Returns a new access token and a new refresh token; the presented one
         *     is spent. If the response was lost, presenting the same token again
         *     within 10 minutes (before the new one was used) returns the same new
         *     token. Any other reuse revokes the whole family.
         */
        post: operations["refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke this device's refresh tokens */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the caller is */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jurisdictions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List jurisdictions */
        get: operations["listJurisdictions"];
        put?: never;
        /** Create a jurisdiction */
        post: operations["createJurisdiction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jurisdictions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** Get a jurisdiction */
        get: operations["getJurisdiction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update a jurisdiction */
        patch: operations["updateJurisdiction"];
        trace?: never;
    };
    "/v1/owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List owners */
        get: operations["listOwners"];
        put?: never;
        /** Create an owner */
        post: operations["createOwner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/owners/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** Get an owner */
        get: operations["getOwner"];
        put?: never;
        post?: never;
        /** Delete an owner */
        delete: operations["deleteOwner"];
        options?: never;
        head?: never;
        /** Update an owner */
        patch: operations["updateOwner"];
        trace?: never;
    };
    "/v1/vessels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List vessels */
        get: operations["listVessels"];
        put?: never;
        /** Register a vessel */
        post: operations["createVessel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vessels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** Get a vessel */
        get: operations["getVessel"];
        put?: never;
        post?: never;
        /** Delete a vessel */
        delete: operations["deleteVessel"];
        options?: never;
        head?: never;
        /** Update a vessel */
        patch: operations["updateVessel"];
        trace?: never;
    };
    "/v1/vessels/{id}/crew": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** List the crew assigned to a vessel */
        get: operations["listVesselCrew"];
        put?: never;
        /** Assign a crew member to a vessel */
        post: operations["addVesselCrew"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vessel-crew/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a crew assignment (sign off) */
        delete: operations["deleteVesselCrew"];
        options?: never;
        head?: never;
        /** Update a crew assignment */
        patch: operations["updateVesselCrew"];
        trace?: never;
    };
    "/v1/crew-members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List crew members */
        get: operations["listCrewMembers"];
        put?: never;
        /** Create a crew member */
        post: operations["createCrewMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/crew-members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** Get a crew member */
        get: operations["getCrewMember"];
        put?: never;
        post?: never;
        /** Delete a crew member */
        delete: operations["deleteCrewMember"];
        options?: never;
        head?: never;
        /** Update a crew member */
        patch: operations["updateCrewMember"];
        trace?: never;
    };
    "/v1/certificates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List certificates */
        get: operations["listCertificates"];
        put?: never;
        /** Record a certificate */
        post: operations["createCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/certificates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** Get a certificate */
        get: operations["getCertificate"];
        put?: never;
        post?: never;
        /** Delete a certificate */
        delete: operations["deleteCertificate"];
        options?: never;
        head?: never;
        /** Update a certificate */
        patch: operations["updateCertificate"];
        trace?: never;
    };
    "/v1/rules/catalogue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The deficiency catalogue, action codes, Schedule-IV rows, fee kinds and rule sets
         * @description Everything the app needs to show the same codes offline (docs/LAW.md §12):
         *     every deficiency of the catalogue with its titles, legal references,
         *     liable party, Schedule-IV row and first-offence amount, default and
         *     allowed action codes, whether it is detainable and the regimes it
         *     applies to; the deficiency and inspection action codes with their
         *     titles and due rules; the Schedule-IV rows; the fee kinds that
         *     `POST /v1/rules/fees/quote` knows; and every rule-set version with its
         *     effective date. First-offence amounts are those of the rule set of the
         *     row's regime in force today. The body changes only when the law or a
         *     setting changes: the strong `ETag` is a hash of it, and a matching
         *     `If-None-Match` answers 304 without a body.
         */
        get: operations["getRulesCatalogue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rules/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What the law says about one inspection
         * @description Reads an inspection under a rule set: the rule set given by
         *     `rule_set_id`, or else the one of `regime` (default the vessel's) in
         *     force on `on` (default the inspection date). Deficiencies are derived
         *     from the checklist answers, the particulars, the certificates and the
         *     crew on board, and merged by code with the inspector's findings; the
         *     answer lists them with action codes and due dates, the Schedule-IV
         *     offences at their first-offence amounts, the detention proposal and the
         *     full trace with citations. Nothing is stored.
         */
        post: operations["evaluateRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rules/fees/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Price one fee of the law
         * @description `kind` is one of the fee kinds listed by `GET /v1/rules/catalogue`
         *     (`fee_kinds`); only the inputs the kind needs are read. An unknown
         *     kind, a regime that is not the kind's, or a missing or out-of-range
         *     input answers 422 naming the field.
         */
        post: operations["quoteFee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rules/manning/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The crew the law requires, checked against the crew on board
         * @description Works out the required crew from the regime's tables (Kandla 1955
         *     s.31(2), Paradip 1967 r.29, Karnataka 2025 r.29 and r.124) and
         *     assigns the crew on board, counting only certificates valid on `on`
         *     (default today). `assessed` is false, with the reason, where the
         *     sources do not set the manning for the case.
         */
        post: operations["checkManning"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rules/capacity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Passenger capacity of a non-mechanised boat, persons carried and lifejackets
         * @description Capacity is 2 per running metre of seating where seats are provided,
         *     else 1.8 per m² of floor space, rounded down (Karnataka 2025,
         *     r.123(7)). With `carried`, also the persons counted for an overload
         *     check (r.123(9)); lifejackets required are 110 % of crew plus the
         *     capacity, rounded up (Sch-VI 3.3, 3.9).
         */
        post: operations["computeCapacity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rules/tonnage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Gross tonnage GT = K·V of a non-mechanised boat
         * @description K is interpolated in the table of Karnataka 2025, r.123(4); GT is rounded to 2 decimals.
         */
        post: operations["computeTonnage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rules/freeboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Required freeboard of a non-mechanised boat
         * @description 25 cm per metre of depth (Karnataka 2025, r.123(5)) but not less than
         *     300 mm for a passenger boat or 150 mm for a cargo boat (Sch-VI
         *     Section B); the larger governs (docs/LAW.md §11 Q14). A boat registered for
         *     passengers and cargo is measured as a cargo boat (r.123(6)). With
         *     `gt`, also whether a load line mark is required (boats over 10 tons,
         *     r.107(1), r.123(5)).
         */
        post: operations["computeFreeboard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vessels/{id}/compliance": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * Is the vessel fit to ply, and why
         * @description The vessel as the registry holds it, read by the law on `on` (default
         *     today in Asia/Kolkata) under the rule set of its regime in force then:
         *     its certificates with their status and derived expiry; the manning
         *     check of the crew signed on that day with their certificates; the
         *     deficiencies the registry and the manning rules show; fees due where
         *     they can be computed; and every deadline (surveys, inspections,
         *     certificate expiries, crew revalidations), overdue ones included.
         *     The vessel is not fit to ply if it is not active, or if any deficiency
         *     must be rectified before departure (action 04) or is detainable (06).
         *     `open_deficiencies` (recorded at inspections and not yet rectified) is
         *     always empty for now: inspections come in a later release.
         *     Readable by whoever may read the vessel; otherwise 404.
         */
        get: operations["getVesselCompliance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vessels/{id}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * The checklist templates that fit the vessel
         * @description The current (not retired) checklist template versions whose fit
         *     admits the vessel's regime, kind, category and zone, in key order,
         *     each whole (items with their codes, rules and narrowings). These are
         *     the templates `inspection.start` accepts for it; any other is refused
         *     with 422 `template_not_applicable` naming the rule (docs/SYNC.md,
         *     Checklist templates). A retired version is accepted only for a start
         *     captured within 30 days (`TINDAL_TEMPLATE_GRACE_DAYS`) of its
         *     `retired_at`, else refused with 422 `template_retired`. Readable by
         *     whoever may read the vessel; otherwise 404.
         */
        get: operations["listVesselTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vessels/{id}/qr.png": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * A QR code of the vessel's public status page, to print and fix on board
         * @description A PNG QR code (error correction level M, quiet zone included) of the
         *     URL `TINDAL_PUBLIC_BASE_URL` + `/v/vessel/{registration}`, the public
         *     status page a passenger opens at the jetty (docs/PUBLIC.md). The
         *     registration number is written in the path with `/` as `~` and a
         *     space as `_`, so the URL has only unreserved characters:
         *     `KA-KWR-0001` stays as it is, `KA/KWR/12` becomes `KA~KWR~12`. The
         *     page itself is outside this contract, like /docs: it is HTML or JSON
         *     for anyone, without a token. Each QR issued is audited (action
         *     `qr_issue`). Readable by whoever may read the vessel: its owner and
         *     the officials of its jurisdiction; otherwise 404.
         */
        get: operations["getVesselQR"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sync/pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pull what changed since a cursor
         * @description The pull side of sync (docs/SYNC.md; written up for app developers in
         *     docs/SYNC.md). Without a cursor this is a first sync: reference data,
         *     then a snapshot of every live record the caller may see, then the
         *     change log. With a cursor it continues where the previous page
         *     ended: records leaving the caller's scope are removed first, records
         *     of a scope the caller gained are snapshotted, then the change log
         *     follows from the cursor's position. Each item says what to do with
         *     one record (`upsert` with its current state and row version,
         *     `delete`, or `remove_from_scope`). Store a page and its cursor in one
         *     local transaction; keep pulling while `has_more` is true. The cursor
         *     is opaque and signed: send it back unchanged. Pages end at `limit`
         *     rows scanned or near 256 KiB compressed; send `Accept-Encoding: gzip`.
         *     Writes nothing, so it may be served by a read replica.
         */
        get: operations["syncPull"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sync/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Say for each id whether it exists, was deleted, or is out of the caller's scope
         * @description For an app that doubts its local copy (after a crash, a restore, or
         *     a reset): each id is `exists` (with its type and row version),
         *     `deleted` (a tombstone the caller may see), or `out_of_scope` (not a
         *     record the caller may hold: outside their scope now, or unknown to
         *     the server, which is also what an id still waiting in the app's push
         *     queue answers).
         */
        post: operations["syncVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Plan the upload of a photo's bytes (or learn that none are needed)
         * @description For a photo whose `photo.attach` mutation was applied or deferred
         *     (otherwise 404 with code `attach_first`: push first, then upload).
         *     Repeat what the attach declared. Answers `linked` when the server
         *     already holds these bytes and may reuse them (nothing to upload),
         *     `verified` when the photo is verified already, or `upload` with a
         *     plan: one presigned PUT (up to 5 MiB; send the headers given, they
         *     are signed) or a multipart plan of 5 MiB parts (each part its own
         *     presigned PUT, to be sent in any order). URLs must be started
         *     within 15 minutes; ask again for fresh ones: the same request
         *     returns the same plan. Then call `POST /v1/photos/{id}/complete`.
         *     Photos are at most 25 MiB (413 `photo_too_large`); an inspection
         *     holds at most 200 (409 `too_many_photos`). 503 with `Retry-After`
         *     when the photo store cannot be reached. See docs/PHOTOS.md.
         */
        post: operations["planPhotoUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/photos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * A photo's metadata, verification state, reviewer flags and download URLs
         * @description For whoever may see the photo's inspection (its jurisdiction's
         *     staff, the vessel's owner, the inspector who took it); anyone else
         *     gets 404. Download URLs (original and 320/1280 px JPEG thumbnails)
         *     last 5 minutes and are present once the photo is verified (the
         *     thumbnails once made; HEIC photos get none).
         */
        get: operations["getPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/photos/{id}/upload": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * Resume an upload — the parts received so far and fresh URLs for the rest
         * @description For a multipart plan, `received` lists the parts the store holds and
         *     `parts` has fresh presigned PUTs for the missing ones only. For a
         *     single PUT, a fresh URL. 409 `no_upload_plan` before a plan was
         *     made, `upload_expired` when an unfinished upload was discarded
         *     (after 24 hours; ask POST /v1/photos for a new plan).
         */
        get: operations["getPhotoUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/photos/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the uploaded bytes and mark the photo verified
         * @description Idempotent: call it again after a lost response. The server checks
         *     the stored bytes itself (size, SHA-256, type sniffed from the bytes)
         *     and answers `verified`, or 422 with the reason — `checksum_mismatch`
         *     or `size_mismatch` (upload again after a new plan), `unsupported_type`
         *     or `type_mismatch` (the declared hash names bytes that can never be
         *     accepted: the photo is rejected). Rejected bytes are removed. 409:
         *     `not_uploaded`, `parts_missing`, `no_upload_plan`, `upload_expired`,
         *     `verification_in_progress` (with Retry-After), `photo_quarantined`.
         */
        post: operations["completePhotoUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/photos/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Fallback upload through the server, for clients that cannot use presigned URLs
         * @description The body is the photo's bytes (Content-Length = the declared size;
         *     at most 25 MiB, else 413). Kept by the server as it arrives, then
         *     verified exactly as `complete` does, which it replaces: the answer
         *     is the same. A PUT starts again from byte 0. A connection cut short
         *     answers nothing or 400 `upload_interrupted`, and a body that ends
         *     early 422 `size_mismatch`; either way the bytes that arrived are
         *     kept: read the offset (`GET /v1/photos/{id}/upload`) and PATCH the
         *     rest. No deadline applies to the whole body, only 60 seconds
         *     without a byte. See docs/PHOTOS.md §4.
         */
        put: operations["putPhotoContent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Resumable upload through the server — send the photo's bytes from the offset the server holds
         * @description `Upload-Offset` is where the body starts and must equal what the
         *     server holds (the plan's or `GET /v1/photos/{id}/upload`'s
         *     `offset`, or the `Upload-Offset` of the last answer); otherwise 409
         *     `offset_mismatch` with the right `Upload-Offset`. The body is any
         *     number of the following bytes, up to the declared size. Whatever
         *     arrives is kept, even when the connection is cut (400
         *     `upload_interrupted`, or no answer): ask for the offset and send on
         *     from there. 204 with `Upload-Offset` while bytes are missing; when
         *     the last byte arrives the photo is verified as `complete` does and
         *     the answer is the same (200, or 422 with the reason, the spool then
         *     emptied). 409 `upload_superseded` when a newer request took over
         *     this photo's upload. No deadline applies to the whole body, only 60
         *     seconds without a byte. See docs/PHOTOS.md §4.
         */
        patch: operations["patchPhotoContent"];
        trace?: never;
    };
    "/v1/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Flags the scheduled jobs raised, in the caller's scope
         * @description Dated problems found by the jobs (docs/OPERATIONS.md): certificates expiring
         *     and expired, vessels not fit to ply, overdue surveys and inspections,
         *     CoCs past the legacy deadline, vessels below minimum manning, repeat
         *     offenders. One flag per kind, subject, document and due date. Scoped
         *     like the registry: officials see their jurisdictions, owners their
         *     own vessels' flags, admins everything.
         */
        get: operations["listFlags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/flags/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resolve an open flag, saying why */
        post: operations["resolveFlag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's in-app feed, newest first
         * @description Reminders and notices addressed to the caller, or to the owner
         *     account the caller belongs to, written in the caller's language
         *     (English where a text is not yet written in it).
         */
        get: operations["listMyNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a feed entry read (idempotent) */
        post: operations["markNotificationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/owners/{id}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * Every deadline of the owner's vessels and crew, as an iCalendar feed
         * @description RFC 5545 calendar for calendar apps to subscribe to: one all-day
         *     VEVENT per deadline (certificate expiries, survey windows, licence
         *     year, inspections, crew revalidation and the legacy-CoC deadline),
         *     each with alarms 30 and 7 days before and on the day. No bearer
         *     token: the `token` created for the owner is the credential; a wrong
         *     or revoked token answers 404. UTF-8 (`charset=utf-8`: names and
         *     titles are in Kannada or Hindi too), with a weak `ETag` that changes
         *     only when an event does (not with DTSTAMP): a calendar app sending
         *     it back in `If-None-Match` gets 304 without the body.
         */
        get: operations["getOwnerCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/owners/{id}/calendar-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** The owner's calendar feed tokens (never the secrets) */
        get: operations["listCalendarTokens"];
        put?: never;
        /** Create a calendar feed token; the secret and feed URL are shown once */
        post: operations["createCalendarToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/owners/{id}/calendar-tokens/{token_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
                token_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a calendar feed token */
        delete: operations["revokeCalendarToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Devices with their sync health (last push and pull, app version, clock skew, waiting mutations) */
        get: operations["listDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every scheduled job with its schedule, next run and last runs */
        get: operations["listJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/jobs/{name}/run": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a job now, optionally as of another date
         * @description Starts a manual run and answers at once with its row; poll
         *     `GET /v1/admin/jobs` for the outcome. `now` (a date in Asia/Kolkata)
         *     is the date the law is read at, as with `tindal jobs run NAME --now`.
         *     409 while another run of the job holds its lock.
         */
        post: operations["runJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sync/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push queued intents (mutations) from this device
         * @description The push side of sync (docs/SYNC.md). Mutations apply in
         *     `seq` order per aggregate, exactly once: a known id answers
         *     `replayed` with its stored outcome. Each mutation gets one result:
         *     `applied`, `replayed`, `merged` (applied; fields not applied and
         *     conflict ids listed), `deferred` (kept on the server; resend it with
         *     every push until it gets a final result), `rejected` (final: drop it
         *     from the queue; the work is kept for a supervisor) or `retry` (send
         *     it again later). The body may be gzip (`Content-Encoding: gzip`); at
         *     most 500 mutations (413 `too_many_mutations`) and 1 MiB decompressed
         *     (413 `body_too_large`). A present but unreadable `X-App-Version`
         *     answers 400 `invalid_app_version`. A second concurrent push from the
         *     same device answers 409 `push_in_progress` with Retry-After.
         */
        post: operations["syncPush"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sync/backlog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Deferred mutations waiting in the backlog, for a supervisor to decide
         * @description Supervisors see the deferred mutations of their jurisdictions: the
         *     inspection's jurisdiction, or, while the inspection does not exist,
         *     the jurisdictions of the user who pushed it. Admins see all. By
         *     default only mutations waiting more than 7 days (docs/SYNC.md);
         *     `older_than=0` lists every one. `code` says why it waits now:
         *     `aggregate_unknown` (its inspection does not exist),
         *     `waiting_for_earlier` (an earlier mutation of the same device on the
         *     same inspection waits, in the backlog or in quarantine), or `ready`
         *     (it could apply now; `apply` does it). Ordered by mutation id.
         */
        get: operations["listSyncBacklog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sync/backlog/{mutation_id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mutation_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Discard a deferred mutation, or apply it now
         * @description `discard` makes the mutation's final result `rejected`
         *     `discarded_by_supervisor` with the reason; the payload is kept in
         *     quarantine (state `discarded`), and the device's next resend is
         *     answered `replayed` with that outcome. `apply` runs the backlog
         *     drain for the mutation's device and inspection now and answers the
         *     resulting final result (`applied`, `merged`, or `rejected` if the
         *     command refuses it); if it still cannot apply, 409 with the reason
         *     (`aggregate_unknown`, `waiting_for_earlier`, `not_applied`,
         *     `push_in_progress` with Retry-After) and nothing changes. Deciding a
         *     mutation that has left the backlog answers its stored final result
         *     with `already_final: true` (safe to retry); 404 if it has none.
         */
        post: operations["decideSyncBacklog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inspections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Inspections in scope (inspectors their own, supervisors their jurisdictions') */
        get: operations["listInspections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inspections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** One inspection with answers, findings, derived values, penalties and evidence */
        get: operations["getInspection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inspections/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve, return or withdraw an inspection, or confirm its flagged capture time
         * @description Supervisors of the inspection's jurisdiction. Approval needs every
         *     photo verified, or `override_reason`; it charges the offences and
         *     recomputes the penalty chains. Returning needs a comment; withdrawing
         *     needs the reason as the comment. `If-Match` (the inspection version)
         *     is checked when sent.
         */
        post: operations["reviewInspection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/inspections/{id}/detention": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * The server's detention proposal for an inspection, with reasons and citations
         * @description Any deficiency with action code 06 or a failed criterion of
         *     Karnataka 2025 Sch-IX para 2 proposes detention; the supervisor
         *     decides. Under Paradip 1967 and Kandla 1955 `orderable` is false and
         *     `refusal` names the rule.
         */
        get: operations["getDetentionProposal"];
        put?: never;
        /**
         * Confirm the proposed detention and issue the detention order (Sch-IX Annex-1)
         * @description Supervisors of the inspection's jurisdiction. Numbers the order in
         *     the office's series, detains the vessel, records inspection action
         *     codes 12 and 14 (and 15, 11, 13 where they apply), notifies the owner
         *     and raises the 48-hour report flag (Sch-IX para 1.3). 409 if an
         *     order exists for the inspection or the vessel is detained; 422 when
         *     nothing is detainable or the regime has no detention power.
         */
        post: operations["confirmDetention"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/detention-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Detention orders in the caller's scope, newest first */
        get: operations["listDetentionOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/detention-orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** One detention order, with its release order once released */
        get: operations["getDetentionOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/detention-orders/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue the release order (Sch-IX Annex-2) after a clearing re-inspection
         * @description Needs a submitted re-inspection (kind `re_inspection`, started with
         *     this order's `detention_order_id`) that leaves no detainable code
         *     open: 422 names the open codes. 409 once released. Computes the
         *     detention charges of Karnataka 2025 Sch-IV.
         */
        post: operations["releaseDetentionOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/detention-orders/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * The detention order, or its release order, as a bilingual PDF (English, the language of record, then the owner's language)
         * @description The paper an office issues (Karnataka 2025, Sch-IX Annex-1 and
         *     Annex-2): the authority's letterhead, the order's number and date
         *     (DD-MM-YYYY), the particulars, Form B and every list as tables, the
         *     officer's signature block, the verification code with its absolute
         *     URL and QR code, "Page N of M" on every sheet. English first; then
         *     the same document in `lang` (default: the owner's preferred
         *     language) when that is Kannada or Hindi, printed from the same
         *     template as the HTML copy by headless Chromium with embedded Noto
         *     fonts.
         */
        get: operations["getDetentionOrderPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/detention-orders/{id}/html": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** The detention order, or its release order, as HTML in English or Hindi (the owner's copy) */
        get: operations["getDetentionOrderHtml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the code printed on a document (public, rate limited, no personal data)
         * @description The URL printed under the QR code of every order and notice. A
         *     client that prefers `text/html` (a phone's browser that scanned the
         *     code; `Accept` naming text/html before JSON) gets a page in its
         *     `Accept-Language` (en, kn, hi) saying which vessel the document is
         *     about (registration number and name, as painted on the hull; no
         *     personal data) and whether it is valid, paid (a penalty notice on
         *     which nothing is due, since the day of the last payment), superseded
         *     (since when) or released (since when), and a page for an unknown
         *     code (404) or too many checks (429); any other client, or
         *     `?format=json`, gets JSON and problems.
         */
        get: operations["verifyDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The review queue — submitted inspections oldest first, with counts per filter
         * @description Submitted inspections in the supervisor's jurisdictions, oldest
         *     submission first. Filters combine (AND); `counts` counts the whole
         *     queue in scope before filters, for the desk's badges. Evidence is
         *     incomplete when a photo is not verified (approval is refused then)
         *     or an inspector-recorded finding has no verified photo. Ages and due
         *     dates are India (Asia/Kolkata) days. A supervisor of another
         *     jurisdiction gets an empty queue.
         */
        get: operations["listReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/findings/{id}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An owner records a photo of an open finding of their vessel, then uploads it by the photo path
         * @description The owner (or the master, signed in as the owner's user) records the
         *     photo here, then plans, uploads and completes it as an inspector
         *     does (`POST /v1/photos`, docs/PHOTOS.md). The same id and content
         *     again is a no-op.
         */
        post: operations["attachFindingPhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/findings/{id}/rectifications": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An owner sends verified photos and a note showing an open finding put right
         * @description Only a finding the law lets close remotely (documents, replaced
         *     equipment); every detainable deficiency (06) and structure or
         *     machinery under 04 needs a re-inspection: 422
         *     `reinspection_required` naming the rule. Each photo must be a
         *     verified photo of this finding that the caller uploaded. Sending the
         *     same rectification again returns the pending one.
         */
        post: operations["submitRectification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rectifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owners' rectifications in scope, oldest first */
        get: operations["listRectifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/rectifications/{id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A supervisor accepts (the finding closes with action code 01) or rejects a rectification with a reason
         * @description Accepting closes the finding (rectified, action code 01 "Deficiency
         *     rectified", Karnataka 2025 Sch-IX after Form B); rejecting needs a
         *     reason and leaves the finding open. Both are audited and the owner
         *     is told in their language. The same decision again returns the
         *     rectification; the other one is refused (409).
         */
        post: operations["decideRectification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conflicts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Same-field conflicts, both values and both authors kept */
        get: operations["listConflicts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/conflicts/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Keep the winner, or revert to the losing value */
        post: operations["resolveConflict"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/quarantine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rejected and unauthorised work kept whole for a supervisor */
        get: operations["listQuarantine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/quarantine/{id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-apply a quarantined mutation (optionally with corrected args) or discard it with a reason */
        post: operations["decideQuarantine"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vessel-observations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Vessel particulars inspectors found different from the registry (vessel.observe)
         * @description Registrars and supervisors see their jurisdictions' observations;
         *     inspectors the observations they made (docs/SYNC.md §4).
         */
        get: operations["listVesselObservations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vessel-observations/{id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an observation (the registry takes the observed value) or reject it with a reason
         * @description Registrars of the vessel's jurisdiction (docs/SYNC.md §4; the
         *     registrar records an alteration, Karnataka 2025 r.22). `accept`
         *     applies the observed value to the vessel through the registry's
         *     update path — its validation, audit log and change log — and marks
         *     the observation accepted, in one transaction; a value the registry
         *     refuses answers 422 and changes nothing. `accept` of field `other`
         *     acknowledges the note and changes no particular; `kind` cannot be
         *     accepted (a vessel's kind is registered afresh). `reject` needs a
         *     `reason` and leaves the vessel alone. The same decision again
         *     answers the stored observation; the other decision answers 409.
         */
        post: operations["decideVesselObservation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/amendment-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Edits kept for the reviewer instead of applied (captured after submission, or of an approved inspection) */
        get: operations["listAmendmentRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/amendment-requests/{id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an amendment request (its edit is applied) or reject it with a reason
         * @description Supervisors of the inspection's jurisdiction (docs/SYNC.md §4).
         *     `accept` applies the kept mutation to the inspection as the
         *     supervisor's own edit, through the same command a push runs, and
         *     recomputes the inspection (deficiencies, actions, offences,
         *     penalties) in the same transaction; an edit its command now refuses
         *     answers 422 and changes nothing; an amendment of a withdrawn
         *     inspection can only be rejected (409). `reject` needs a `reason`
         *     and changes nothing else. The same decision again answers the
         *     stored request; the other decision answers 409.
         */
        post: operations["decideAmendmentRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List penalty notices in scope, newest first
         * @description Officials see their jurisdictions' notices, owners their own. Each
         *     item is a notice as `GET /v1/penalty-notices/{id}` answers it.
         */
        get: operations["listPenaltyNotices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-notices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * One penalty notice with every penalty, its revisions, payments and appeals
         * @description Issued in the transaction that approves an inspection with offences;
         *     numbered per office without gaps. `lines` are the current revision's
         *     penalties, one per offence and liable person (Karnataka 2025,
         *     Sch-IV; docs/LAW.md §11 Q34), each with its Sch-IV row, level, amount, the
         *     trace of how the amount was reached (the repeat doubling, Sch-IV
         *     note) and, on a line a revision changed, the previous amount.
         *     Revision n+1 names revision n in `previous`.
         */
        get: operations["getPenaltyNotice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-notices/{id}/html": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * The owner's copy of a penalty notice as HTML, in the owner's language
         * @description One html/template rendering; texts from the locale catalogues (en,
         *     kn, hi) in the owner's preferred language, amounts in rupees with
         *     Indian grouping, dates in the owner's language. `?lang=` overrides
         *     the language. The page is the document package's, laid out from the
         *     same page as the PDF (`/pdf`), with the revision's verification code.
         */
        get: operations["getPenaltyNoticeHtml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-notices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * The penalty notice's current revision as a bilingual PDF in the Form-18 layout (English, the language of record, then the owner's language)
         * @description Printed from the same template as the HTML copy, in the layout of
         *     the challan (Karnataka 2025, Sch-I Form-18): letterhead, notice
         *     number and date (DD-MM-YYYY), the vessel, its registry, present
         *     location, owner, master and the master's CoC number, the offence
         *     boxes (a)-(i) ticked as found, each offence's Sch-IV row, person,
         *     amount, repeat level and doubling trace, the total, "pay and rectify
         *     within 15 days" with the date, the signature blocks and the
         *     revision's verification code with its absolute URL and QR code
         *     (`GET /v/{code}`: valid, or superseded once a later revision
         *     exists). English first; then `lang` (default: the owner's preferred
         *     language) when that is Kannada or Hindi.
         */
        get: operations["getPenaltyNoticePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-notices/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the payment of one penalty of a notice (registrar)
         * @description A payment settles the full amount due on one penalty: each Sch-IV
         *     penalty is one person's (Karnataka 2025, Sch-IV; docs/LAW.md §11 Q34).
         *     Any other amount answers 422 `amount_not_due`, whose `amount` field
         *     error carries the amount due; nothing is written. The same receipt
         *     number with the same penalty, amount and date answers the stored
         *     payment (200); with anything else 409 `receipt_reused`. Receipt
         *     numbers are unique per office.
         */
        post: operations["recordPenaltyPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-adjustments/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A supervisor confirms or rejects a proposed rise of a served penalty
         * @description A served challan rises only by an officer's act: when a late earlier
         *     offence makes a penalty of a served notice a repeat (Karnataka 2025,
         *     Sch-IV note: doubled), the rise is a `proposed` penalty adjustment
         *     (pulled as `penalty_adjustment`, with the doubling trace on the
         *     penalty) and the notice keeps its amount. Confirming applies it,
         *     revises the notice (a paid line then shows the difference due) and
         *     tells the owner; rejecting keeps the amount. Decreases apply at
         *     once and never come here. Supervisors of the penalty's jurisdiction
         *     decide (others 404); audited. The same decision again answers the
         *     adjustment; the other is 409 `already_decided`; a proposal the chain
         *     has since replaced is 409 `superseded`.
         */
        post: operations["decidePenaltyRise"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-notices/{id}/appeals": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Appeal against one penalty of a notice, within the window of the law
         * @description Karnataka: to the Secretary, IDP & IWT Department within 30 days of
         *     receipt of the notice (Karnataka 2025, Sch-XVI paras 1-2). Paradip:
         *     to the Conservator within 7 days of the written communication
         *     (Paradip 1967, r.27). The notice is received on its `served_on`.
         *     Out of the window: 422 `appeal_window_closed`, whose `filed_on`
         *     field error carries the date the window closed. `photo_ids` attach
         *     the owner's evidence: photos of the notice's inspection the caller
         *     recorded (`POST /v1/findings/{id}/photos`) and uploaded until
         *     verified (docs/PHOTOS.md); a photo belongs to at most one appeal.
         *     Any other id is 422 with the `photo_ids` field error
         *     (`photo_not_verified`, `photo_attached`) and nothing is written.
         */
        post: operations["filePenaltyAppeal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-appeals/{id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Uphold or dismiss an appeal (the appellate authority)
         * @description Karnataka: the Secretary, IDP & IWT (Sch-XVI para 2), a State
         *     authority: an admin records the decision (a supervisor gets 403
         *     `not_appellate_authority`). Paradip: the Conservator (r.27): a
         *     supervisor of the port who did not approve the inspection, or an
         *     admin. `upheld` sets the penalty aside and recomputes the person's
         *     chain in the same transaction: later offences doubled because of
         *     it drop a level, the owner is notified of each change, and the
         *     notices are revised. The same decision again answers the stored
         *     appeal; the other 409.
         */
        post: operations["decidePenaltyAppeal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/one-time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a one-time sign-in link and code to an owner's registered email
         * @description If an active owner account has this email, a link and a 6-digit code
         *     are mailed to it (once per request, through the outbox), valid 15
         *     minutes and usable once; only their hashes are stored. The answer
         *     is 202 whether or not the email has an account, so nobody learns
         *     who has one. Requests are limited per email (5 per 15 minutes) and
         *     per client address (20 per 15 minutes), whatever they name: 429
         *     beyond. docs/OWNERS.md.
         */
        post: operations["requestOneTimeSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/one-time/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a one-time link's token, an email and its code, or a mobile and its SMS code
         * @description The first use of a live link or code signs the owner in on this
         *     installation (as login does) and ends the owner's other one-time
         *     sign-ins; a used, expired or wrong one answers 401
         *     `invalid_one_time`, and a disabled account 401 `account_disabled`.
         *     Five wrong codes end the sign-ins they were tried against; wrong
         *     codes count against the client address like failed logins.
         */
        post: operations["signInOneTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sms-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a sign-in code by SMS to an owner's registered mobile
         * @description For the owner who has a mobile and no email. If exactly one live
         *     owner on the register has this mobile (an Indian mobile number:
         *     `98450 12345`, `+91 98450 12345`), a 6-digit code goes to it by SMS
         *     in the owner's language (once per request, through the outbox),
         *     valid 10 minutes and usable once; only its hash is stored. An owner
         *     registered with a mobile and no sign-in account gets one, keyed by
         *     the owner record. A number two owners share gets no code: its SMS
         *     says to visit the registry office. The answer is 202 whether or not
         *     the number is registered. Requests are limited per number (5 per 15
         *     minutes) and per client address (20 per 15 minutes): 429 beyond.
         *     Sign in with the code at `signInOneTime` (`mobile` and `code`).
         *     docs/OWNERS.md.
         */
        post: operations["requestSmsSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/owners/{id}/sign-in-link": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A registrar or admin mails the owner a new one-time sign-in link and code
         * @description Registrars of the owner's jurisdiction (others 404) and admins.
         *     404 when the owner has no active sign-in account. Counts against
         *     the account's email like the owner's own requests (429). Audited.
         */
        post: operations["resendOwnerSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-notices/{id}/upi": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * A UPI payment request for the notice's amount due
         * @description `upi://pay` as the NPCI UPI linking specification writes it: the
         *     payee address and name of the notice's jurisdiction (its
         *     `upi_payee`: each office is paid into its own account), the amount
         *     due with two decimals, INR, a note, and the notice number as the
         *     transaction reference (`tr`), which the bank statement carries back
         *     for the reconciliation. 409 `nothing_due` when the notice is paid,
         *     set aside or cancelled; 409 `no_upi_payee` when its jurisdiction
         *     takes no UPI payments (it has no `upi_payee`: the owner pays at the
         *     office). Owners their own notices, officials their
         *     jurisdictions'.
         */
        get: operations["getPenaltyNoticeUpi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/penalty-notices/{id}/upi.png": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /**
         * The QR code of the notice's UPI payment request (PNG)
         * @description The QR code of getPenaltyNoticeUpi's `upi://pay` link, refused as
         *     it is (409 `nothing_due`, 409 `no_upi_payee`).
         */
        get: operations["getPenaltyNoticeUpiQr"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank-statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A registrar imports the bank's statement (CSV) and reconciles it with the office's notices
         * @description The CSV (docs/OWNERS.md, "Bank statement"): UTF-8 (a BOM is
         *     ignored), LF or CRLF, RFC 4180 quoting, the header
         *     `date,bank_reference,amount,narration`, then one credit a row (at
         *     most 2000; the body at most 256 KiB). Amounts in rupees with up to
         *     two decimals, Indian grouping allowed (`1,00,000.00`). A bad row
         *     (bytes that are not UTF-8, a control or bidi character, a malformed
         *     date or amount) answers 422 `invalid_statement` with a field error
         *     `rows[N].column` (N counts lines of the file, the header being 1),
         *     and nothing is recorded. Each credit is stored once per office and
         *     bank reference: a credit naming exactly one notice of the office in
         *     its narration and equal to its amount due, to the paisa, is
         *     recorded as the payment of every penalty due on it; anything else
         *     goes to the registrar's queue (`listBankCredits`). A re-import
         *     records nothing twice: the answer counts what was recorded, what
         *     was already there, and what was queued. Audited.
         */
        post: operations["importBankStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank-credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bank credits of the caller's offices (the reconciliation queue with state=queued), oldest first */
        get: operations["listBankCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank-credits/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A registrar applies a queued credit to a notice, or dismisses it with a reason
         * @description `apply` records the credit as the payment of every penalty due on
         *     the chosen notice of the same office; it must be the notice's
         *     amount due to the paisa (422 `amount_mismatch`, `nothing_due`).
         *     `dismiss` needs a reason. The same decision again answers the
         *     credit; another 409 `already_resolved`. Audited.
         */
        post: operations["resolveBankCredit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me/owner-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An owner's settings (language, email, reminders) */
        get: operations["getOwnerSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an owner's language, email or the reminders they receive
         * @description The language is the owner's and their account's (mails, documents,
         *     pages); the email is where mail goes and what one-time sign-in asks
         *     for (409 `conflict` when another account has it). `reminders_off`
         *     lists the reminders not to send (`reminders` in the answer names
         *     every one that may be turned off); legal notices (penalties,
         *     detention, expired certificates) always go. The calendar
         *     subscription link is made by `createCalendarToken` (its
         *     `webcal_url`).
         */
        patch: operations["updateOwnerSettings"];
        trace?: never;
    };
    "/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users, paged, by role or a text in the name or email */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user of any role
         * @description Inspectors, supervisors and registrars need at least one
         *     jurisdiction (assigned from `assigned_from`, default today in
         *     Asia/Kolkata); an owner account names its owner record. Without a
         *     `password` the account has no usable password: send a password
         *     link (`POST /v1/admin/users/{id}/password-reset`) or, for an owner,
         *     an invitation. The same `id` again answers the account it created
         *     (a retried request); another account's email is 409 `email_taken`.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** A user with the jurisdictions assigned today */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a user's name, email, role, language or owner record
         * @description Needs `If-Match` with the user's version (412 `version_mismatch`
         *     when stale, 428 when missing). A user leaving the owner role loses
         *     the owner record; a user cannot become an owner while assigned to
         *     a jurisdiction (409 `assignments_in_force`).
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/v1/admin/users/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a user, ending every session at once
         * @description From this request on, the user's access tokens are refused with 401
         *     `account_disabled` (every request reads the account), their refresh
         *     families are revoked, their devices' pushes and pulls answer 401
         *     `account_disabled`, and console sessions end. Deactivating a
         *     deactivated user changes nothing; an admin cannot deactivate
         *     themself (409 `cannot_deactivate_self`).
         */
        post: operations["deactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/reactivate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lift a deactivation (the user signs in again) */
        post: operations["reactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/assignments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        /** Every assignment of a user to a jurisdiction, past, present and future */
        get: operations["listUserAssignments"];
        put?: never;
        /**
         * Assign an inspector, supervisor or registrar to a jurisdiction from a date
         * @description Dates are days in Asia/Kolkata, both inclusive. A push is
         *     authorised against the assignment in force on each mutation's
         *     capture date, so assignments are never deleted, only ended.
         *     Another assignment to the same jurisdiction on any of the days is
         *     409 `assignment_overlaps`; the same assignment again (a retried
         *     request) answers it with 200.
         */
        post: operations["createUserAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/assignments/{assignment_id}/end": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
                assignment_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End an assignment on a day (its last day, inclusive)
         * @description The same day again answers the assignment unchanged; an assignment
         *     already ended on another day is 409 `assignment_ended` (add a new
         *     one instead); a day before its first is 422 `ends_before_start`.
         */
        post: operations["endUserAssignment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email the user a one-time link to set a new password
         * @description The user gets an email (in their language) with a link to
         *     `{public base URL}/console/password?token=...`, valid once for 24
         *     hours; the token is never answered, logged or stored in clear
         *     (only its SHA-256; the email body is blanked once delivered). A
         *     newer link ends the older ones. Asking again within 10 minutes of
         *     a live link (a retried request) answers that link and mails
         *     nothing. 409 `account_disabled` for a deactivated user, 409
         *     `email_unavailable` when the deployment sends no email.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/users/{id}/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email an owner account the owners' sign-in address
         * @description The owner gets an email in their language naming
         *     `{public base URL}/my/signin`, where they sign in by a one-time
         *     emailed link. At most one invitation a day (Asia/Kolkata): asking
         *     again the same day answers `queued: false`. 409
         *     `not_an_owner_account`, `account_disabled`, `email_unavailable`.
         */
        post: operations["inviteOwner"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a one-time link's token
         * @description Public: the token is the credential. The password follows the same
         *     policy as at creation (at least 10 characters). On success every
         *     refresh family of the user ends (each phone signs in again) and
         *     the link and any other link of the user are used up. 422 names the
         *     field `token` with `reset_link_invalid`, `reset_link_used` or
         *     `reset_link_expired`; failed attempts are limited per client
         *     address like logins (429 with Retry-After).
         */
        post: operations["completePasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The risk-ranked inspection plan of the vessels in the caller's jurisdictions
         * @description Every registered vessel the caller may reach (not cancelled), ranked by
         *     an explainable integer risk score on today's date in India, highest
         *     first; at an equal score passenger boats come first, then by id. Each
         *     entry lists the parts of its score: the factor, its weight, how many
         *     units counted, the points and the fact behind them (docs/PLAN.md has
         *     the formula and a worked example). Paged by (rank, id) with the one
         *     cursor format; the ranking is computed when asked, so a page after a
         *     change of the record may skip or repeat a vessel whose rank moved.
         */
        get: operations["listInspectionPlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/{chart}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the office's charts, drawn on the server as SVG
         * @description `deficiencies`: findings of submitted and approved inspections by
         *     deficiency area (the code's first two digits) and month of
         *     inspection; `inspections`: inspections and detention orders per
         *     jurisdiction over the months; `fines`: penalties of notices served
         *     and payments received per month, in rupees; `overdue`: open findings
         *     past their due date by days overdue, today. The caller's
         *     jurisdictions only (admins every office). Accessible: `role="img"`,
         *     a `<title>` and a `<desc>` stating every number; each bar carries
         *     `data-series`, `data-category` and `data-value`. No script, no
         *     external reference.
         */
        get: operations["getReportChart"];
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
        Problem: {
            type: string;
            title: string;
            /** Format: int32 */
            status: number;
            detail?: string;
            /** @description Stable machine code */
            code: string;
            /** @description The request id */
            instance?: string;
            errors?: components["schemas"]["FieldError"][];
        };
        FieldError: {
            field: string;
            code: string;
            message: string;
        };
        DeviceStatus: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            user_email: string;
            installation_id: string;
            name: string;
            app_version: string;
            /** Format: date-time */
            registered_at: string;
            /** Format: date-time */
            last_seen_at?: string;
            /** Format: date-time */
            last_push_at?: string;
            /** Format: date-time */
            last_pull_at?: string;
            /** Format: int64 */
            last_push_seq?: number;
            /**
             * Format: int64
             * @description Phone clock minus server clock at the last push
             */
            clock_skew_ms?: number;
            /** Format: date-time */
            revoked_at?: string;
            /**
             * Format: int64
             * @description Mutations deferred in the backlog
             */
            waiting_mutations: number;
            /**
             * Format: date-time
             * @description When the oldest deferred mutation first arrived
             */
            oldest_waiting_since?: string;
            /**
             * Format: int64
             * @description Mutations waiting in quarantine for a supervisor's decision
             */
            quarantined_mutations: number;
        };
        DeviceList: {
            items: components["schemas"]["DeviceStatus"][];
            next_cursor?: string | null;
        };
        Health: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            checks: {
                [key: string]: string;
            };
        };
        /** @enum {string} */
        Role: "admin" | "registrar" | "supervisor" | "inspector" | "owner";
        /** @enum {string} */
        Language: "en" | "kn" | "hi";
        /** @enum {string} */
        Regime: "KA-IV-2025" | "PARADIP-HC-1967" | "KANDLA-HC-1955";
        LoginRequest: {
            email: string;
            password: string;
            /** @description Stable id of this app installation */
            installation_id: string;
            device_name?: string;
        };
        RefreshRequest: {
            refresh_token: string;
        };
        Tokens: {
            access_token: string;
            refresh_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /**
             * Format: int32
             * @description Seconds until the access token expires
             */
            expires_in: number;
            /** Format: uuid */
            device_id: string;
        };
        Me: {
            /** Format: uuid */
            id: string;
            email: string;
            name?: string;
            role: components["schemas"]["Role"];
            /** Format: uuid */
            device_id: string;
            /** Format: uuid */
            owner_id?: string | null;
            jurisdiction_ids: string[];
            preferred_language: components["schemas"]["Language"];
        };
        RecordMeta: {
            /** Format: uuid */
            id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Jurisdiction: components["schemas"]["RecordMeta"] & {
            code: string;
            name: string;
            regime: components["schemas"]["Regime"];
            state: string;
            office?: components["schemas"]["JurisdictionOffice"];
            upi_payee?: components["schemas"]["UpiPayee"];
        };
        /** @description The account the jurisdiction's penalty notices ask to be paid into by UPI (getPenaltyNoticeUpi): its virtual payment address (`pa`) and the name a payer's app shows (`pn`). Each office has its own; a jurisdiction without one takes no UPI payments (409 `no_upi_payee`) and its owners are told to pay at the office. On a patch, both empty clear it. */
        UpiPayee: {
            /** @description name@bank, as the bank issued it; empty only to clear */
            vpa: string;
            /** @description the payee name the payer's app shows; empty only to clear */
            name: string;
        };
        /** @description What the jurisdiction's papers (penalty notice, receipt, detention and release orders), the public verification page and the owners' pages say of its office: the authority that speaks on them, the office's address and its opening hours, each in English, Kannada and Hindi. A part given at all is given in English (the language of record); the Kannada or Hindi text falls back to it. A part left out takes the regime's default (Karnataka 2025: the deployment's letterhead; Paradip 1967: the Conservator of the Port of Paradip; Kandla 1955: the Kandla Port Authority). On a patch, a part given replaces the stored part whole; an empty object clears it back to the default. */
        JurisdictionOffice: {
            authority?: components["schemas"]["OfficeText"];
            address?: components["schemas"]["OfficeText"];
            hours?: components["schemas"]["OfficeText"];
        };
        /** @description One text in each language; empty or absent languages fall back to English. */
        OfficeText: {
            en?: string;
            kn?: string;
            hi?: string;
        };
        JurisdictionInput: {
            /**
             * Format: uuid
             * @description Client-generated id (optional)
             */
            id?: string;
            code: string;
            name: string;
            regime: components["schemas"]["Regime"];
            state?: string;
            office?: components["schemas"]["JurisdictionOffice"];
            upi_payee?: components["schemas"]["UpiPayee"];
        };
        JurisdictionPatch: {
            name?: string;
            state?: string;
            office?: components["schemas"]["JurisdictionOffice"];
            upi_payee?: components["schemas"]["UpiPayee"];
        };
        JurisdictionList: {
            items: components["schemas"]["Jurisdiction"][];
            next_cursor?: string | null;
        };
        /** @enum {string} */
        OwnerKind: "person" | "firm";
        Owner: components["schemas"]["RecordMeta"] & {
            kind: components["schemas"]["OwnerKind"];
            name: string;
            email: string;
            phone: string;
            /** @description Indian mobile number in E.164 (+91 and ten digits starting 6-9), or empty: where SMS go and what sign-in by SMS code asks for */
            mobile: string;
            address: string;
            preferred_language: components["schemas"]["Language"];
            /** Format: uuid */
            jurisdiction_id: string;
        };
        OwnerInput: {
            /** Format: uuid */
            id?: string;
            kind: components["schemas"]["OwnerKind"];
            name: string;
            email?: string;
            phone?: string;
            /** @description Indian mobile number: +91 and ten digits starting 6-9; spaces, hyphens and the national forms (98450 12345, 098450 12345) are normalised to E.164; empty removes it. Anything else is 422 naming the field mobile */
            mobile?: string;
            address?: string;
            preferred_language?: components["schemas"]["Language"];
            /** Format: uuid */
            jurisdiction_id: string;
        };
        OwnerPatch: {
            name?: string;
            email?: string;
            phone?: string;
            /** @description Indian mobile number: +91 and ten digits starting 6-9; spaces, hyphens and the national forms (98450 12345, 098450 12345) are normalised to E.164; empty removes it. Anything else is 422 naming the field mobile */
            mobile?: string;
            address?: string;
            preferred_language?: components["schemas"]["Language"];
            /** Format: uuid */
            jurisdiction_id?: string;
        };
        OwnerList: {
            items: components["schemas"]["Owner"][];
            next_cursor?: string | null;
        };
        /** @enum {string} */
        VesselKind: "mechanised" | "non_mechanised" | "harbour_craft" | "steam" | "motor";
        /** @enum {string} */
        VesselStatus: "active" | "detained" | "suspended" | "cancelled";
        /** @enum {string} */
        VesselCategory: "A" | "B" | "C";
        /** @enum {string} */
        VesselUse: "hire" | "recreation" | "fishing" | "cargo" | "passenger";
        /** @enum {string} */
        PowerUnit: "BHP" | "kW" | "NHP";
        /** @description Engine power with its unit (BHP for motor boats, NHP for steam boats, kW for Karnataka mechanised vessels; docs/LAW.md §1.7) */
        EnginePower: {
            /** Format: double */
            value: number;
            unit: components["schemas"]["PowerUnit"];
        };
        VesselFields: {
            /** @description Upper case; special category vessels end in SPL (Karnataka 2025, r.98(3)) */
            registration_number?: string;
            special_category?: boolean;
            /** @description Carries dangerous goods or flammable liquids other than for its domestic use; a non-mechanised boat that does is Category A (Karnataka 2025, r.102 Note) */
            dangerous_goods?: boolean;
            name?: string;
            kind?: components["schemas"]["VesselKind"];
            category?: components["schemas"]["VesselCategory"];
            /** Format: int32 */
            zone?: number;
            engine_power?: components["schemas"]["EnginePower"];
            /** Format: double */
            length_m?: number;
            /** Format: double */
            breadth_m?: number;
            /** Format: double */
            depth_m?: number;
            /** Format: double */
            grt?: number;
            /** Format: double */
            nrt?: number;
            /** Format: int32 */
            passengers?: number;
            /** Format: double */
            cargo_tonnes?: number;
            use?: components["schemas"]["VesselUse"];
            /** Format: uuid */
            owner_id?: string;
            /** Format: uuid */
            jurisdiction_id?: string;
            status?: components["schemas"]["VesselStatus"];
            /** Format: date */
            survey_anniversary?: string;
        };
        Vessel: components["schemas"]["RecordMeta"] & components["schemas"]["VesselFields"] & {
            regime: components["schemas"]["Regime"];
        };
        VesselInput: {
            /** Format: uuid */
            id?: string;
            registration_number: string;
            special_category?: boolean;
            /** @description Carries dangerous goods or flammable liquids other than for its domestic use; a non-mechanised boat that does is Category A (Karnataka 2025, r.102 Note) */
            dangerous_goods?: boolean;
            name: string;
            kind: components["schemas"]["VesselKind"];
            category?: components["schemas"]["VesselCategory"];
            /** Format: int32 */
            zone?: number;
            engine_power?: components["schemas"]["EnginePower"];
            /** Format: double */
            length_m?: number;
            /** Format: double */
            breadth_m?: number;
            /** Format: double */
            depth_m?: number;
            /** Format: double */
            grt?: number;
            /** Format: double */
            nrt?: number;
            /** Format: int32 */
            passengers?: number;
            /** Format: double */
            cargo_tonnes?: number;
            use: components["schemas"]["VesselUse"];
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: date */
            survey_anniversary?: string;
        };
        VesselPatch: {
            registration_number?: string;
            special_category?: boolean;
            /** @description Carries dangerous goods or flammable liquids other than for its domestic use; a non-mechanised boat that does is Category A (Karnataka 2025, r.102 Note) */
            dangerous_goods?: boolean;
            name?: string;
            category?: components["schemas"]["VesselCategory"];
            /** Format: int32 */
            zone?: number;
            engine_power?: components["schemas"]["EnginePower"];
            /** Format: double */
            length_m?: number;
            /** Format: double */
            breadth_m?: number;
            /** Format: double */
            depth_m?: number;
            /** Format: double */
            grt?: number;
            /** Format: double */
            nrt?: number;
            /** Format: int32 */
            passengers?: number;
            /** Format: double */
            cargo_tonnes?: number;
            use?: components["schemas"]["VesselUse"];
            /** Format: uuid */
            owner_id?: string;
            /** Format: uuid */
            jurisdiction_id?: string;
            status?: components["schemas"]["VesselStatus"];
            /** Format: date */
            survey_anniversary?: string;
        };
        VesselList: {
            items: components["schemas"]["Vessel"][];
            next_cursor?: string | null;
        };
        CrewMember: components["schemas"]["RecordMeta"] & {
            indivc_number: string;
            name: string;
            /** Format: date */
            date_of_birth?: string;
            email: string;
            phone: string;
            /** @description Indian mobile number in E.164 (+91 and ten digits starting 6-9), or empty: where SMS go and what sign-in by SMS code asks for */
            mobile: string;
            preferred_language: components["schemas"]["Language"];
            /** Format: uuid */
            jurisdiction_id: string;
        };
        CrewMemberInput: {
            /** Format: uuid */
            id?: string;
            /** @description Indian National Database of Inland Vessel Crew number */
            indivc_number: string;
            name: string;
            /** Format: date */
            date_of_birth?: string;
            email?: string;
            phone?: string;
            /** @description Indian mobile number: +91 and ten digits starting 6-9; spaces, hyphens and the national forms (98450 12345, 098450 12345) are normalised to E.164; empty removes it. Anything else is 422 naming the field mobile */
            mobile?: string;
            preferred_language?: components["schemas"]["Language"];
            /** Format: uuid */
            jurisdiction_id: string;
        };
        CrewMemberPatch: {
            name?: string;
            /** Format: date */
            date_of_birth?: string;
            email?: string;
            phone?: string;
            /** @description Indian mobile number: +91 and ten digits starting 6-9; spaces, hyphens and the national forms (98450 12345, 098450 12345) are normalised to E.164; empty removes it. Anything else is 422 naming the field mobile */
            mobile?: string;
            preferred_language?: components["schemas"]["Language"];
            /** Format: uuid */
            jurisdiction_id?: string;
        };
        CrewMemberList: {
            items: components["schemas"]["CrewMember"][];
            next_cursor?: string | null;
        };
        /** @enum {string} */
        CrewRole: "master" | "serang" | "engine_driver" | "engineer" | "tindal" | "gp_rating" | "crew";
        VesselCrew: components["schemas"]["RecordMeta"] & {
            /** Format: uuid */
            vessel_id: string;
            /** Format: uuid */
            crew_member_id: string;
            role: components["schemas"]["CrewRole"];
            /** Format: date */
            signed_on: string;
            /** Format: date */
            signed_off?: string;
        };
        VesselCrewInput: {
            /** Format: uuid */
            id?: string;
            /** Format: uuid */
            crew_member_id: string;
            role: components["schemas"]["CrewRole"];
            /** Format: date */
            signed_on: string;
        };
        VesselCrewPatch: {
            role?: components["schemas"]["CrewRole"];
            /** Format: date */
            signed_off?: string;
        };
        VesselCrewList: {
            items: components["schemas"]["VesselCrew"][];
            next_cursor?: string | null;
        };
        /** @enum {string} */
        CertificateKind: "registration" | "survey" | "provisional_survey" | "insurance" | "pollution" | "licence" | "competency" | "gp_rating" | "fitness" | "permit";
        /** @enum {string} */
        CertificateStatus: "valid" | "suspended" | "cancelled" | "surrendered";
        Certificate: components["schemas"]["RecordMeta"] & {
            /** @enum {string} */
            subject_type: "vessel" | "crew_member";
            /** Format: uuid */
            vessel_id?: string;
            /** Format: uuid */
            crew_member_id?: string;
            kind: components["schemas"]["CertificateKind"];
            grade: string;
            /** @description A Certificate of Competency issued under the old rules, to be revalidated by the legacy deadline (Karnataka 2025, r.32, Sch-XV) */
            legacy: boolean;
            number: string;
            /** Format: date */
            issued_on: string;
            /** Format: date */
            expires_on?: string;
            /** Format: date */
            revalidated_on?: string;
            issuer: string;
            status: components["schemas"]["CertificateStatus"];
            /** Format: uuid */
            jurisdiction_id: string;
        };
        /** @description Exactly one of vessel_id and crew_member_id. */
        CertificateInput: {
            /** Format: uuid */
            id?: string;
            /** Format: uuid */
            vessel_id?: string;
            /** Format: uuid */
            crew_member_id?: string;
            kind: components["schemas"]["CertificateKind"];
            grade?: string;
            legacy?: boolean;
            number: string;
            /** Format: date */
            issued_on: string;
            /** Format: date */
            expires_on?: string;
            /** Format: date */
            revalidated_on?: string;
            issuer?: string;
        };
        CertificatePatch: {
            grade?: string;
            number?: string;
            /** Format: date */
            issued_on?: string;
            /** Format: date */
            expires_on?: string;
            /** Format: date */
            revalidated_on?: string;
            issuer?: string;
            status?: components["schemas"]["CertificateStatus"];
        };
        CertificateList: {
            items: components["schemas"]["Certificate"][];
            next_cursor?: string | null;
        };
        /** @enum {string} */
        ChecklistAnswer: "yes" | "no" | "na";
        /** @description Catalogue code: 2-digit area + 3-digit item */
        DeficiencyCode: string;
        /**
         * @description Deficiency action code (Karnataka 2025, Sch-IX)
         * @enum {string}
         */
        ActionCode: "01" | "02" | "03" | "04" | "05" | "06" | "99";
        /**
         * @description Inspection action code (Karnataka 2025, Sch-IX)
         * @enum {string}
         */
        InspectionActionCode: "11" | "12" | "13" | "14" | "15";
        /** @enum {string} */
        LiableParty: "owner" | "crew_member" | "passenger" | "master";
        /**
         * @description Crew certificate or licence grade; old grades are those of Kandla 1955, Paradip 1967 and Sch-XV E
         * @enum {string}
         */
        CrewGrade: "master_class_1" | "master_class_2" | "master_class_3" | "engine_driver_class_1" | "engine_driver_class_2" | "inland_vessel_engineer" | "gp_rating" | "pleasure_craft_licence" | "first_class_master" | "second_class_master" | "serang" | "engineer" | "motor_engineer" | "first_class_engine_driver" | "second_class_engine_driver" | "first_class_motor_engine_driver" | "second_class_motor_engine_driver" | "sea_going_master" | "sea_going_engineer" | "sea_going_engine_driver" | "permit";
        /**
         * @description Vessel certificate kind as the law derives its expiry (survey = mechanised CoS, nonmech_survey = Karnataka 2025 r.113(1))
         * @enum {string}
         */
        RulesCertificateKind: "registration" | "survey" | "nonmech_survey" | "provisional_survey" | "declaration_of_survey" | "pollution" | "insurance" | "fitness" | "paradip_licence";
        /**
         * @description Declared role; only `owner` (an owner navigating his own recreation boat) changes the check
         * @enum {string}
         */
        CrewOnBoardRole: "master" | "serang" | "engine_driver" | "engineer" | "tindal" | "gp_rating" | "crew" | "boat_in_charge" | "navigator" | "owner";
        CrewCertificateInput: {
            grade: components["schemas"]["CrewGrade"];
            /** @description Issued before the Inland Vessels Act 2021 (Karnataka 2025, r.32(2)) */
            legacy?: boolean;
            /** Format: date */
            issued_on?: string;
            /** Format: date */
            expires_on?: string;
            /** Format: date */
            revalidated_on?: string;
        };
        CrewOnBoardInput: {
            id: string;
            role?: components["schemas"]["CrewOnBoardRole"];
            certificates?: components["schemas"]["CrewCertificateInput"][];
        };
        InspectedVesselInput: {
            id?: string;
            owner_id?: string;
            regime?: components["schemas"]["Regime"];
            kind: components["schemas"]["VesselKind"];
            category?: components["schemas"]["VesselCategory"];
            /** Format: int32 */
            zone?: number;
            engine_power?: components["schemas"]["EnginePower"];
            /** Format: double */
            length_m?: number;
            use?: components["schemas"]["VesselUse"];
            /** Format: int32 */
            passengers_carried?: number;
            /**
             * Format: int32
             * @description 0 or absent when not known
             */
            passengers_certified?: number;
            /** Format: double */
            cargo_tonnes?: number;
            /**
             * Format: double
             * @description 0 or absent when not known
             */
            cargo_permitted?: number;
            special_category?: boolean;
            /** @description Carries dangerous goods or flammable liquids other than for its domestic use; a non-mechanised boat that does is Category A (Karnataka 2025, r.102 Note) */
            dangerous_goods?: boolean;
            /** @description Non-mechanised cargo boat in tow (Karnataka 2025, r.124) */
            towing?: boolean;
            /** @description Plies only in lake or still waters (Karnataka 2025, r.124) */
            lake_only?: boolean;
            /** @description Engines not used for propulsion */
            no_propulsion?: boolean;
        };
        ChecklistItemInput: {
            id: string;
            code: components["schemas"]["DeficiencyCode"];
            fail_when: components["schemas"]["ChecklistAnswer"];
        };
        VesselCertificateInput: {
            kind: components["schemas"]["RulesCertificateKind"];
            number?: string;
            /** Format: date */
            issued_on?: string;
            /**
             * Format: date
             * @description As endorsed; absent = derive from the rule
             */
            expires_on?: string;
        };
        FindingInput: {
            code: components["schemas"]["DeficiencyCode"];
            action?: components["schemas"]["ActionCode"];
            note?: string;
            rectified?: boolean;
            /**
             * Format: int32
             * @description Crew or passengers concerned (Sch-IV rows 7, 10)
             */
            persons?: number;
            inspection_actions?: components["schemas"]["InspectionActionCode"][];
        };
        EvaluateRequest: {
            /** @description The rule set to judge by, e.g. KA-IV-2025-draft.1; if absent, the one of regime in force on on */
            rule_set_id?: string;
            regime?: components["schemas"]["Regime"];
            /**
             * Format: date
             * @description Picks the rule set in force; default the inspection date
             */
            on?: string;
            inspection_id?: string;
            /**
             * Format: date-time
             * @description The inspection's corrected time
             */
            at: string;
            vessel: components["schemas"]["InspectedVesselInput"];
            checklist?: components["schemas"]["ChecklistItemInput"][];
            /** @description Checklist answers by item id */
            answers?: {
                [key: string]: components["schemas"]["ChecklistAnswer"];
            };
            certificates?: components["schemas"]["VesselCertificateInput"][];
            /** @description Kinds suspended or cancelled on the inspection date */
            withdrawn?: components["schemas"]["RulesCertificateKind"][];
            /** Format: date */
            last_pollution_inspection?: string;
            crew?: components["schemas"]["CrewOnBoardInput"][];
            findings?: components["schemas"]["FindingInput"][];
        };
        FeeQuoteRequest: {
            /** @description A fee kind of GET /v1/rules/catalogue fee_kinds, e.g. ka_survey */
            kind: string;
            regime?: components["schemas"]["Regime"];
            /**
             * Format: double
             * @description Gross (registered) tonnage
             */
            tonnage?: number;
            /**
             * Format: int32
             * @description Visits, days, 8-hour shifts, assessor-days, or ways and passages (port charges)
             */
            quantity?: number;
            /**
             * @description Paradip 1967, r.28 column
             * @enum {string}
             */
            craft_class?: "boat" | "canoe" | "catamaran" | "power_driven";
            grade?: components["schemas"]["CrewGrade"];
            /**
             * Format: int64
             * @description Towing charges or TA/DA at actuals, in rupees
             */
            actuals?: number;
            running_test_only?: boolean;
        };
        ManningCheckRequest: {
            regime: components["schemas"]["Regime"];
            kind: components["schemas"]["VesselKind"];
            category?: components["schemas"]["VesselCategory"];
            /** Format: int32 */
            zone?: number;
            engine_power?: components["schemas"]["EnginePower"];
            /** Format: double */
            length_m?: number;
            use?: components["schemas"]["VesselUse"];
            towing?: boolean;
            lake_only?: boolean;
            no_propulsion?: boolean;
            crew?: components["schemas"]["CrewOnBoardInput"][];
            /**
             * Format: date
             * @description Date certificates must be valid on; default today
             */
            on?: string;
        };
        CapacityRequest: {
            /** Format: double */
            floor_area_m2?: number;
            /**
             * Format: double
             * @description Running metres of benches or thwarts
             */
            seating_m?: number;
            /** Format: int32 */
            crew?: number;
            carried?: {
                /** Format: int32 */
                adults: number;
                /** Format: int32 */
                children_under_12?: number;
                /** Format: double */
                luggage_kg?: number;
            };
        };
        FreeboardRequest: {
            /**
             * Format: double
             * @description Moulded depth in metres
             */
            depth_m: number;
            /**
             * @description What the boat is registered to carry (r.123(6))
             * @enum {string}
             */
            carries: "passengers" | "cargo" | "passengers_and_cargo";
            /**
             * Format: double
             * @description Gross tonnage, for the load line mark question
             */
            gt?: number;
        };
        FreeboardResult: {
            /**
             * Format: double
             * @description Minimum freeboard in mm
             */
            required_mm: number;
            /**
             * @description Passenger boat, or cargo boat (also a boat carrying both, r.123(6))
             * @enum {string}
             */
            measured_as: "passenger" | "cargo";
            /** @description Given only with gt: a load line mark is required above 10 tons (r.107(1)) */
            load_line_mark_required?: boolean;
            trace: components["schemas"]["Trace"];
        };
        TonnageRequest: {
            /** Format: double */
            volume_m3: number;
        };
        TraceStep: {
            /** @description Stable machine name, e.g. penalty.repeat_doubling */
            rule: string;
            citation: string;
            detail: string;
        };
        /** @description How the answer was reached, each step with its citation */
        Trace: {
            rule_set: string;
            steps: components["schemas"]["TraceStep"][];
        };
        Due: {
            /** @enum {string} */
            kind: "none" | "date" | "next_port" | "before_departure" | "on_release" | "as_specified";
            /** Format: date */
            date?: string;
        };
        PenaltyRef: {
            row: string;
            /**
             * Format: int64
             * @description Rupees
             */
            first_offence: number;
            /**
             * Format: int64
             * @description Rupees, for rows whose amount is a ceiling
             */
            maximum?: number;
            citation: string;
        };
        Deficiency: {
            code: string;
            /** @description False if the code is not in the catalogue */
            known: boolean;
            title: string;
            area: string;
            sources: ("inspector" | "checklist" | "registry" | "manning")[];
            action: components["schemas"]["ActionCode"];
            due: components["schemas"]["Due"];
            detainable: boolean;
            /**
             * @description Empty for a code not in the catalogue
             * @enum {string}
             */
            liable_party: "owner" | "crew_member" | "passenger" | "master" | "";
            penalty?: components["schemas"]["PenaltyRef"];
            rectified: boolean;
            /** Format: int32 */
            persons?: number;
            notes?: string[];
            details?: string[];
            legal_refs: string[];
            inspection_actions?: components["schemas"]["InspectionActionCode"][];
        };
        ProposedOffence: {
            row: string;
            liable_party: components["schemas"]["LiableParty"];
            codes: string[];
            /** Format: int32 */
            persons?: number;
            /**
             * Format: int64
             * @description Rupees
             */
            first_offence: number;
            citation: string;
        };
        /** @description A suggestion; the supervisor decides (Karnataka 2025, Sch-IX para 2.3) */
        DetentionProposal: {
            proposed: boolean;
            codes?: string[];
            citation?: string;
        };
        Evaluation: {
            rule_set: string;
            inspection_id: string;
            /** Format: date */
            date: string;
            deficiencies: components["schemas"]["Deficiency"][];
            offences: components["schemas"]["ProposedOffence"][];
            detention: components["schemas"]["DetentionProposal"];
            inspection_actions: components["schemas"]["InspectionActionCode"][];
            trace: components["schemas"]["Trace"];
        };
        FeeLine: {
            description: string;
            /**
             * Format: int64
             * @description Rupees
             */
            amount: number;
            citation: string;
        };
        FeeQuote: {
            kind: string;
            regime: components["schemas"]["Regime"];
            /**
             * Format: int64
             * @description Rupees
             */
            total: number;
            lines: components["schemas"]["FeeLine"][];
            trace: components["schemas"]["Trace"];
        };
        RequiredRole: {
            role: string;
            grades: components["schemas"]["CrewGrade"][];
            owner_may?: boolean;
            citation: string;
        };
        ManningAssignment: {
            /** Format: int32 */
            role_index: number;
            role: string;
            crew_id: string;
            grade?: components["schemas"]["CrewGrade"];
            /** @description Equivalence applied */
            via?: string;
        };
        ManningResult: {
            /** @description False when the sources do not set the manning for the case */
            assessed: boolean;
            reason?: string;
            required: components["schemas"]["RequiredRole"][];
            /** @description Pairs of required indices one person may fill together */
            one_person_may?: number[][];
            assignments: components["schemas"]["ManningAssignment"][];
            missing: components["schemas"]["RequiredRole"][];
            compliant: boolean;
            trace: components["schemas"]["Trace"];
        };
        TonnageResult: {
            /**
             * Format: double
             * @description Gross tonnage, 2 decimals
             */
            gt: number;
            /** Format: double */
            k: number;
            trace: components["schemas"]["Trace"];
        };
        CapacityResult: {
            /** Format: int32 */
            passengers: number;
            /** @enum {string} */
            method: "seating" | "area";
            /**
             * Format: int32
             * @description Persons counted for an overload check, when carried was given
             */
            persons_carried?: number;
            /** @description persons_carried exceeds passengers, when carried was given */
            overloaded?: boolean;
            /**
             * Format: int32
             * @description 110 % of crew plus capacity, rounded up
             */
            lifejackets_required: number;
            trace: components["schemas"]["Trace"];
        };
        Deadline: {
            /** @enum {string} */
            kind: "certificate_expiry" | "survey_window_opens" | "survey_anniversary" | "survey_window_closes" | "late_renewal_fine" | "registration_lapse" | "bottom_inspection" | "pollution_inspection" | "licence_lapse" | "tindal_verification" | "competency_revalidation" | "legacy_certificate" | "transition";
            /** @description Vessel or crew member id */
            subject: string;
            document?: string;
            /**
             * Format: date
             * @description Last day to act or of validity
             */
            due: string;
            citation: string;
            note?: string;
        };
        RepeatSettings: {
            /** @enum {string} */
            scope: "same_offence" | "any_offence";
            /** @enum {string} */
            window: "rolling_from_last" | "rolling_from_first" | "calendar_year" | "financial_year";
            /** @enum {string} */
            mode: "geometric" | "flat_double";
            /** @enum {string} */
            offender_key: "owner" | "owner_vessel";
            cap: {
                [key: string]: number;
            };
            /** Format: int32 */
            review_multiple: number;
        };
        RuleSet: {
            id: string;
            regime: components["schemas"]["Regime"];
            /** Format: date */
            effective_from: string;
            draft: boolean;
            notes: string;
            /** Format: date */
            legacy_coc_deadline: string;
            /** @description First-offence amounts by Schedule-IV row */
            fines: {
                [key: string]: number;
            };
            repeat: components["schemas"]["RepeatSettings"];
            /** Format: int32 */
            coc_revalidation_years: number;
        };
        PenaltyRow: {
            id: string;
            /**
             * Format: int32
             * @description Serial number as printed; 0 for the s.8 row
             */
            sl: number;
            offence: string;
            liable_party: components["schemas"]["LiableParty"];
            /** @enum {string} */
            multiplier: "offence" | "crew" | "passenger";
            /** @description The amount is a ceiling the officer sets within */
            maximum: boolean;
            citation: string;
        };
        CatalogueTitle: {
            en: string;
            kn?: string;
            hi?: string;
        };
        CataloguePenalty: {
            row: string;
            /** @enum {string} */
            multiplier: "offence" | "crew" | "passenger";
            /**
             * Format: int64
             * @description Rupees, per unit of multiplier; absent for a ceiling or an unpriced row
             */
            first_offence?: number;
            /**
             * Format: int64
             * @description Rupees, the ceiling of a row whose amount the officer sets
             */
            maximum?: number;
            /** @description The rule set the amount comes from */
            rule_set?: string;
            citation: string;
        };
        CatalogueEntry: {
            code: components["schemas"]["DeficiencyCode"];
            area: string;
            title: components["schemas"]["CatalogueTitle"];
            legal_refs: string[];
            liable_party: components["schemas"]["LiableParty"];
            penalty?: components["schemas"]["CataloguePenalty"];
            default_action: components["schemas"]["ActionCode"];
            allowed_actions: components["schemas"]["ActionCode"][];
            detainable: boolean;
            /** @description The Sch-IX para 2.2 detention criterion (an area 30 code) that covers this defect, when one does; then the inspector may propose action 06 although the default is 04 (Karnataka 2025, Sch-IX paras 2.2-2.4). Absent otherwise. */
            detention_criterion?: components["schemas"]["DeficiencyCode"];
            paris_mou?: string;
            regimes: components["schemas"]["Regime"][];
        };
        CatalogueArea: {
            code: string;
            title: string;
        };
        CatalogueActionCode: {
            code: components["schemas"]["ActionCode"];
            title: string;
            /** @enum {string} */
            due_kind: "none" | "date" | "next_port" | "before_departure" | "on_release" | "as_specified";
            /** @description For due_kind date, the period from the inspection date as an ISO 8601 duration (P14D, P3M) */
            due_period?: string;
        };
        CatalogueInspectionActionCode: {
            code: components["schemas"]["InspectionActionCode"];
            title: string;
        };
        CatalogueFeeKind: {
            kind: string;
            regime: components["schemas"]["Regime"];
        };
        RulesCatalogue: {
            entries: components["schemas"]["CatalogueEntry"][];
            areas: components["schemas"]["CatalogueArea"][];
            action_codes: components["schemas"]["CatalogueActionCode"][];
            inspection_action_codes: components["schemas"]["CatalogueInspectionActionCode"][];
            penalty_rows: components["schemas"]["PenaltyRow"][];
            fee_kinds: components["schemas"]["CatalogueFeeKind"][];
            rule_sets: components["schemas"]["RuleSet"][];
        };
        ComplianceReason: {
            /** @description A deficiency code, or vessel_status */
            code: string;
            message: string;
            citation?: string;
        };
        CertificateCompliance: {
            /** Format: uuid */
            id: string;
            kind: components["schemas"]["CertificateKind"];
            grade?: string;
            number: string;
            /** Format: date */
            issued_on: string;
            /**
             * Format: date
             * @description The last valid day by the law (endorsed, capped or derived)
             */
            expires_on?: string;
            registry_status: components["schemas"]["CertificateStatus"];
            /**
             * @description On the date asked; withdrawn = suspended, cancelled or surrendered
             * @enum {string}
             */
            status: "valid" | "expiring" | "expired" | "no_expiry" | "undefined" | "withdrawn";
            /**
             * Format: int32
             * @description Negative once expired
             */
            days_to_expiry?: number;
            citation?: string;
        };
        CrewCompliance: {
            /** Format: uuid */
            crew_member_id: string;
            role: components["schemas"]["CrewRole"];
            /** Format: date */
            signed_on: string;
            certificates: components["schemas"]["CertificateCompliance"][];
        };
        FeeDue: {
            reason: string;
            /** Format: date */
            due?: string;
            quote: components["schemas"]["FeeQuote"];
        };
        VesselCompliance: {
            /** Format: uuid */
            vessel_id: string;
            registration_number: string;
            regime: components["schemas"]["Regime"];
            status: components["schemas"]["VesselStatus"];
            /** Format: date */
            on: string;
            rule_set: string;
            fit_to_ply: boolean;
            /** @description Why it is not fit to ply; empty when fit */
            reasons: components["schemas"]["ComplianceReason"][];
            certificates: components["schemas"]["CertificateCompliance"][];
            /** @description Crew signed on on the date */
            crew: components["schemas"]["CrewCompliance"][];
            manning: components["schemas"]["ManningResult"];
            /** @description What the registry and the manning rules show on the date */
            deficiencies: components["schemas"]["Deficiency"][];
            /** @description Recorded at inspections and not rectified; always empty until inspections are released */
            open_deficiencies: components["schemas"]["Deficiency"][];
            fees_due: components["schemas"]["FeeDue"][];
            deadlines: components["schemas"]["Deadline"][];
            /** @description What could not be computed and why */
            notes: string[];
            trace: components["schemas"]["Trace"];
        };
        VesselTemplates: {
            /** Format: uuid */
            vessel_id: string;
            items: components["schemas"]["ChecklistTemplate"][];
        };
        /** @description One immutable version of a checklist (docs/SYNC.md, Checklist templates) */
        ChecklistTemplate: {
            /**
             * Format: uuid
             * @description UUIDv5 of key@version
             */
            id: string;
            key: string;
            /** Format: int32 */
            template_version: number;
            regime: components["schemas"]["Regime"];
            title: string;
            titles: components["schemas"]["ChecklistTexts"];
            source: string;
            fit: components["schemas"]["TemplateFit"];
            items: components["schemas"]["ChecklistItem"][];
            retired?: boolean;
        };
        /** @description The vessels a template or item applies to; an empty list admits every value */
        TemplateFit: {
            kinds?: components["schemas"]["VesselKind"][];
            categories?: ("A" | "B" | "C")[];
            zones?: number[];
            /** @description true admits only vessels registered as special category (Karnataka 2025, r.98); absent or false admits every vessel */
            special_category?: boolean;
            /** @description Admits only vessels registered for one of these uses (a cargo boat's load line, Karnataka 2025, r.126(6)-(7)); empty or absent admits every use */
            uses?: components["schemas"]["VesselUse"][];
            /**
             * Format: double
             * @description Admits only vessels longer than this (Sch-VI 4.2, 5.6: more than 6 m); a vessel whose length is not recorded is admitted (answer n/a where the rule does not reach it); absent sets no bound
             */
            length_over_m?: number;
            /**
             * Format: double
             * @description Admits only vessels shorter than this (Sch-VI 5.6: less than 10 m); a vessel whose length is not recorded is admitted; absent sets no bound
             */
            length_under_m?: number;
            /** @description The citation that sets the limit */
            rule: string;
        };
        /** @description A checklist text (a template's title, an item's question) in English and, where the catalogues (locale/checklist) have it, in Kannada and Hindi; a screen shows en for a language that is absent. Every template carries all three, so an app switches language offline. A corrected translation is written under the same template version (it is not a changed question) and the template's record is sent again */
        ChecklistTexts: {
            en: string;
            kn?: string;
            hi?: string;
        };
        ChecklistItem: {
            /** @description Stable forever; a changed question is a new id */
            id: string;
            code?: components["schemas"]["DeficiencyCode"];
            fail_when?: components["schemas"]["ChecklistAnswer"];
            group: string;
            text: string;
            texts?: components["schemas"]["ChecklistTexts"];
            /** @description The rule the item checks */
            ref?: string;
            only?: components["schemas"]["TemplateFit"];
            /** @description What the form records besides the answer (Annex to Form-2: number or type, condition, location): the names inspection.answer v3 takes in its record */
            record?: string[];
        };
        /**
         * @description One record of the pull stream, a union on `type`: each entity type
         *     has its own schema for `data`. Where the REST API serves the same
         *     entity (jurisdiction, owner, vessel, crew_member, vessel_crew,
         *     certificate, photo) `data` has exactly the REST schema, so an app
         *     keeps one model per entity. `data` is present on `upsert` only.
         *     Later servers add types: an app must skip (not fail on) an item
         *     whose `type` it does not know, and keep pulling; validate `data`
         *     only for the types you know.
         */
        SyncItem: components["schemas"]["JurisdictionSyncItem"] | components["schemas"]["OwnerSyncItem"] | components["schemas"]["VesselSyncItem"] | components["schemas"]["CrewMemberSyncItem"] | components["schemas"]["VesselCrewSyncItem"] | components["schemas"]["CertificateSyncItem"] | components["schemas"]["CatalogueSyncItem"] | components["schemas"]["RuleSetSyncItem"] | components["schemas"]["ChecklistTemplateSyncItem"] | components["schemas"]["InspectionSyncItem"] | components["schemas"]["InspectionAnswerSyncItem"] | components["schemas"]["FindingSyncItem"] | components["schemas"]["PhotoSyncItem"] | components["schemas"]["OffenceSyncItem"] | components["schemas"]["PenaltySyncItem"] | components["schemas"]["PenaltyAdjustmentSyncItem"] | components["schemas"]["ReviewSyncItem"] | components["schemas"]["AmendmentRequestSyncItem"] | components["schemas"]["ConflictSyncItem"] | components["schemas"]["VesselObservationSyncItem"] | components["schemas"]["DetentionOrderSyncItem"];
        /** @description What every pulled item carries besides its type and data */
        SyncItemEnvelope: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            op: "upsert" | "delete" | "remove_from_scope";
            /**
             * Format: int64
             * @description Change-log position this item was read at (for the cursor only)
             */
            position: number;
            /**
             * Format: int64
             * @description The row version, read with its data; send it back as base_version. 0 for reference data
             */
            version: number;
        };
        JurisdictionSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "jurisdiction";
            data?: components["schemas"]["Jurisdiction"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "jurisdiction";
        };
        OwnerSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "owner";
            data?: components["schemas"]["Owner"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "owner";
        };
        VesselSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "vessel";
            data?: components["schemas"]["Vessel"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "vessel";
        };
        CrewMemberSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "crew_member";
            data?: components["schemas"]["CrewMember"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "crew_member";
        };
        VesselCrewSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "vessel_crew";
            data?: components["schemas"]["VesselCrew"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "vessel_crew";
        };
        CertificateSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "certificate";
            data?: components["schemas"]["Certificate"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "certificate";
        };
        CatalogueSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "catalogue";
            data?: components["schemas"]["CatalogueRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "catalogue";
        };
        RuleSetSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "rule_set";
            data?: components["schemas"]["RuleSetRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "rule_set";
        };
        ChecklistTemplateSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "checklist_template";
            data?: components["schemas"]["ChecklistTemplateRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "checklist_template";
        };
        InspectionSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "inspection";
            data?: components["schemas"]["InspectionRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "inspection";
        };
        InspectionAnswerSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "inspection_answer";
            data?: components["schemas"]["InspectionAnswerRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "inspection_answer";
        };
        FindingSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "finding";
            data?: components["schemas"]["FindingRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "finding";
        };
        PhotoSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "photo";
            data?: components["schemas"]["Photo"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "photo";
        };
        OffenceSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "offence";
            data?: components["schemas"]["OffenceRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "offence";
        };
        PenaltySyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "penalty";
            data?: components["schemas"]["PenaltyRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "penalty";
        };
        PenaltyAdjustmentSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "penalty_adjustment";
            data?: components["schemas"]["PenaltyAdjustmentRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "penalty_adjustment";
        };
        ReviewSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "review";
            data?: components["schemas"]["ReviewRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "review";
        };
        DetentionOrderSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "detention_order";
            data?: components["schemas"]["DetentionOrderRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "detention_order";
        };
        /** @description A row of detention_orders as the pull sends it (Karnataka 2025, Sch-IX Annex-1 and, once released, Annex-2): every column by name; the inspector of the vessel's jurisdiction and its owner receive it */
        DetentionOrderRecord: {
            /** Format: uuid */
            id: string;
            number: string;
            /** Format: int32 */
            seq?: number;
            /** Format: uuid */
            inspection_id: string;
            /** Format: uuid */
            vessel_id: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id?: string;
            regime?: string;
            /** @enum {string} */
            status: "in_force" | "released";
            /** Format: date-time */
            ordered_at: string;
            /** Format: uuid */
            ordered_by?: string;
            reason?: string;
            vessel_status_before?: string;
            /** Format: date-time */
            report_due_at: string;
            codes: string[];
            inspection_actions?: string[];
            particulars?: components["schemas"]["DetentionParticulars"];
            verify_code: string;
            release_number?: string | null;
            /** Format: int32 */
            release_seq?: number | null;
            /** Format: date-time */
            released_at?: string | null;
            /** Format: uuid */
            released_by?: string | null;
            /** Format: uuid */
            reinspection_id?: string | null;
            release_conditions?: string | null;
            release_particulars?: components["schemas"]["ReleaseParticulars"];
            release_verify_code?: string | null;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at?: string;
            /** Format: date-time */
            updated_at?: string;
            /** Format: date-time */
            deleted_at?: string | null;
        };
        AmendmentRequestSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "amendment_request";
            data?: components["schemas"]["AmendmentRequestRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "amendment_request";
        };
        ConflictSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "conflict";
            data?: components["schemas"]["ConflictRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "conflict";
        };
        VesselObservationSyncItem: components["schemas"]["SyncItemEnvelope"] & {
            /** @enum {string} */
            type: "vessel_observation";
            data?: components["schemas"]["VesselObservationRecord"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "vessel_observation";
        };
        /** @description The law's stored reading of an inspection (recomputed by the server, never taken from a client); empty before the first recompute */
        InspectionOutcome: {
            rule_set?: string;
            /** Format: date */
            date?: string;
            deficiencies?: components["schemas"]["Deficiency"][] | null;
            offences?: components["schemas"]["ProposedOffence"][] | null;
            detention?: components["schemas"]["DetentionProposal"];
            inspection_actions?: components["schemas"]["InspectionActionCode"][] | null;
            trace?: components["schemas"]["Trace"];
        };
        /** @description The stamp of the last write of each field, by field name: how same-field conflicts are detected (docs/SYNC.md) */
        FieldStamps: {
            [key: string]: components["schemas"]["FieldStamp"];
        };
        FieldStamp: {
            /**
             * Format: int64
             * @description The row version the write made
             */
            v: number;
            /**
             * Format: uuid
             * @description Device
             */
            d: string;
            /**
             * Format: uuid
             * @description User
             */
            u: string;
            /**
             * Format: uuid
             * @description Mutation
             */
            m: string;
            /**
             * Format: int64
             * @description The mutation's seq on its device
             */
            s: number;
            /**
             * Format: date-time
             * @description Capture time
             */
            t: string;
            p?: components["schemas"]["NullableJSONValue"];
        };
        /** @description Who wrote one side of a conflict */
        ConflictAuthor: {
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            device_id: string;
            /** Format: uuid */
            mutation_id?: string;
            /** Format: int64 */
            seq: number;
            /** Format: date-time */
            captured_at: string;
        };
        /** @description The deficiency catalogue, one item for all of it (GET /v1/rules/catalogue serves it with titles and penalties resolved) */
        CatalogueRecord: {
            entries: ({
                code: string;
                area: string;
                /** @description By language: en always; kn, hi where written */
                title: {
                    [key: string]: string;
                };
                /** @description The rules breached, most specific first */
                legal_refs?: string[];
                regimes?: components["schemas"]["Regime"][];
                liable_party: string;
                penalty_row?: string;
                default_action: string;
                allowed_actions: string[];
                detainable: boolean;
                /** @description The Sch-IX para 2.2 detention criterion (an area 30 code) covering this defect, when one does: the inspector may then propose 06 as well as allowed_actions (Karnataka 2025, Sch-IX paras 2.2-2.4) */
                detention_criterion?: string;
                paris_mou?: string;
            } & {
                [key: string]: unknown;
            })[];
        };
        /** @description One version of the rules (fees, penalties, deadlines), as the evaluator uses it */
        RuleSetRecord: {
            /** @description e.g. KA-IV-2025-draft.1; stable forever */
            id: string;
            regime: components["schemas"]["Regime"];
            /** Format: date */
            effective_from: string;
            draft: boolean;
            notes?: string;
            /**
             * Format: date
             * @description Until when pre-Act certificates of competency stay valid (Karnataka 2025, r.32(2), r.34(3), Sch-XV G)
             */
            legacy_coc_deadline?: string;
            /** @description The Sch-IV tariff in rupees, by row (e.g. KA-F01); empty for regimes that state no amounts */
            fines?: {
                [key: string]: number;
            };
            /** @description The settings of the repeat-offence doubling (Karnataka 2025, Sch-IV note) */
            repeat?: {
                /** @enum {string} */
                scope?: "same_offence" | "any_offence";
                /** @enum {string} */
                window?: "rolling_from_last" | "rolling_from_first" | "calendar_year" | "financial_year";
                /** @enum {string} */
                mode?: "geometric" | "flat_double";
                /** @enum {string} */
                offender_key?: "owner" | "owner_vessel";
                /** @description The ceiling in rupees per row; a missing entry means no cap */
                cap?: {
                    [key: string]: number;
                } | null;
                /**
                 * Format: int32
                 * @description Amounts of at least this many times the first-offence amount go to supervisor review when no cap is set
                 */
                review_multiple?: number;
            };
            /**
             * Format: int32
             * @description Revalidation period of a certificate of competency (Karnataka 2025, Sch-XV F); 0 disables the check
             */
            coc_revalidation_years?: number;
        } & {
            [key: string]: unknown;
        };
        /** @description A row of checklist_templates as the pull sends it: every column by name */
        ChecklistTemplateRecord: {
            /** Format: uuid */
            id: string;
            key: string;
            /** Format: int32 */
            template_version: number;
            regime: string;
            title: string;
            titles: components["schemas"]["ChecklistTexts"];
            source: string;
            items: components["schemas"]["ChecklistItem"][];
            fit?: components["schemas"]["TemplateFit"];
            /** Format: date-time */
            retired_at: string | null;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of inspections as the pull sends it: every column by name */
        InspectionRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            vessel_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: uuid */
            device_id: string | null;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            template_id: string;
            /** @description Every template of the inspection, the primary first */
            template_ids: string[];
            rule_set_id: string;
            kind: string;
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            started_raw: string | null;
            time_flags: string[];
            /** Format: uuid */
            time_confirmed_by: string | null;
            /** Format: double */
            lat: number | null;
            /** Format: double */
            lon: number | null;
            notes: string;
            /** Format: int32 */
            passengers_carried: number | null;
            /** Format: double */
            cargo_tonnes: number | null;
            status: string;
            /** Format: date-time */
            submitted_at: string | null;
            /** Format: date-time */
            approved_at: string | null;
            review_comment: string;
            withdrawn_reason: string;
            changed_after_submission: boolean;
            outcome: components["schemas"]["InspectionOutcome"];
            detention_proposed: boolean;
            /** Format: int32 */
            evidence_total: number;
            /** Format: int32 */
            evidence_verified: number;
            stamps: components["schemas"]["FieldStamps"];
            /**
             * Format: uuid
             * @description The detention order a re-inspection may lift (kind re_inspection only; Karnataka 2025, Sch-IX Annex-1)
             */
            detention_order_id: string | null;
            /** @description Inspection action codes recorded when a detention order is issued (Karnataka 2025, Sch-IX, codes 11-15) */
            inspection_actions: components["schemas"]["InspectionActionCode"][];
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of inspection_answers as the pull sends it: every column by name */
        InspectionAnswerRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            inspection_id: string;
            /**
             * Format: uuid
             * @description The template the item belongs to
             */
            template_id: string;
            item_id: string;
            answer: string;
            note: string;
            /** @description The record inspection.answer v3 gave, by the item's record names; null when none */
            record: {
                [key: string]: string;
            } | null;
            /** Format: int64 */
            stamp_version: number;
            /** Format: uuid */
            stamp_device: string | null;
            /** Format: uuid */
            stamp_user: string | null;
            /** Format: uuid */
            stamp_mutation: string | null;
            /** Format: int64 */
            stamp_seq: number;
            /** Format: date-time */
            stamp_time: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of findings as the pull sends it: every column by name */
        FindingRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            inspection_id: string;
            /**
             * Format: uuid
             * @description The vessel of the finding's inspection: an app shows the open findings of its jurisdictions on each vessel offline
             */
            vessel_id: string;
            code: string;
            source: string;
            sources: string[];
            note: string;
            requested_action: string;
            action: string;
            due_kind: string;
            /** Format: date */
            due_date: string | null;
            detainable: boolean;
            liable_party: string;
            party_ref: string;
            /** Format: int32 */
            persons: number;
            penalty_row: string;
            rectified: boolean;
            /** Format: date-time */
            rectified_at: string | null;
            rectification_note: string;
            /** @description '01' once an owner's rectification is accepted (Karnataka 2025, Sch-IX after Form B); empty before */
            rectification_action: string;
            stamps: components["schemas"]["FieldStamps"];
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of offences as the pull sends it: every column by name */
        OffenceRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            party_id: string;
            penalty_row: string;
            /** Format: uuid */
            inspection_id: string;
            /** Format: uuid */
            vessel_id: string;
            /** Format: date-time */
            occurred_at: string;
            /** Format: int32 */
            persons: number;
            codes: string[];
            status: string;
            held: boolean;
            rule_set_id: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of penalties as the pull sends it: every column by name */
        PenaltyRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            offence_id: string;
            /** Format: uuid */
            party_id: string;
            /** Format: uuid */
            inspection_id: string;
            penalty_row: string;
            /** Format: int32 */
            level: number;
            /** Format: int64 */
            unit_amount: number;
            /** Format: int64 */
            amount: number;
            /** Format: int64 */
            proposed_amount: number | null;
            /** Format: uuid */
            escalated_from: string | null;
            flags: string[];
            trace: components["schemas"]["Trace"];
            rule_set_id: string;
            /** Format: int32 */
            revision: number;
            /** Format: date-time */
            notice_issued_at: string | null;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of penalty_adjustments as the pull sends it: every column by name */
        PenaltyAdjustmentRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            penalty_id: string;
            /** Format: uuid */
            offence_id: string;
            /** Format: int64 */
            old_amount: number;
            /** Format: int64 */
            new_amount: number;
            reason: string;
            /** Format: int32 */
            revision: number;
            state: string;
            dedupe_key: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of reviews as the pull sends it: every column by name */
        ReviewRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            inspection_id: string;
            /** Format: uuid */
            reviewer_id: string;
            decision: string;
            comment: string;
            override_reason: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of amendment_requests as the pull sends it: every column by name */
        AmendmentRequestRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            inspection_id: string;
            /** Format: uuid */
            mutation_id: string | null;
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            device_id: string | null;
            name: string;
            args: components["schemas"]["JSONValue"];
            /** Format: date-time */
            captured_at: string;
            status: string;
            /** Format: uuid */
            decided_by: string | null;
            /** Format: date-time */
            decided_at: string | null;
            reason: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of conflicts as the pull sends it: every column by name */
        ConflictRecord: {
            /** Format: uuid */
            id: string;
            entity_type: string;
            /** Format: uuid */
            entity_id: string;
            /** Format: uuid */
            inspection_id: string | null;
            field: string;
            /** Format: int64 */
            base_version: number;
            base_value: components["schemas"]["NullableJSONValue"];
            server_value: components["schemas"]["NullableJSONValue"];
            client_value: components["schemas"]["NullableJSONValue"];
            server_author: components["schemas"]["ConflictAuthor"];
            client_author: components["schemas"]["ConflictAuthor"];
            policy: string;
            winner: string;
            resolution: string;
            /** Format: uuid */
            resolved_by: string | null;
            /** Format: date-time */
            resolved_at: string | null;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        /** @description A row of vessel_observations as the pull sends it: every column by name */
        VesselObservationRecord: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            vessel_id: string;
            /** Format: uuid */
            inspection_id: string | null;
            /** Format: uuid */
            observer_id: string;
            /** Format: uuid */
            device_id: string | null;
            field: string;
            observed: components["schemas"]["JSONValue"];
            note: string;
            /** Format: date-time */
            observed_at: string;
            status: string;
            /** Format: uuid */
            decided_by: string | null;
            /** Format: date-time */
            decided_at: string | null;
            decision_reason: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: int64 */
            version: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            deleted_at: string | null;
        };
        SyncPage: {
            items: components["schemas"]["SyncItem"][];
            /** @description Opaque; send it back unchanged with the next pull */
            cursor: string;
            /** @description True while there are change-log or snapshot rows left to scan; pull again at once */
            has_more: boolean;
            /**
             * @description What the page was serving when it ended (informational)
             * @enum {string}
             */
            phase: "remove" | "snapshot" | "log";
            /**
             * Format: int64
             * @description On the last page only: the highest seq of this device up to which the server holds the outcome of every mutation (from the first seq it pushed), in this epoch, as of this page
             */
            acked_seq?: number;
            epoch: components["schemas"]["SyncEpoch"];
            /** Format: int64 */
            protocol_version: number;
            /** Format: date-time */
            server_time: string;
        };
        /** @description The history of the database the server serves (docs/SYNC.md §6.10): it changes when the database is restored from a backup or recreated, or by `tindal sync new-epoch`. Positions, versions and seqs mean something only within one epoch */
        SyncEpoch: string;
        ResetRequiredProblem: components["schemas"]["Problem"] & {
            /**
             * @description retention: the cursor is older than the change log keeps; epoch_changed: it (or the acknowledgement) belongs to another epoch
             * @enum {string}
             */
            reason: "retention" | "epoch_changed";
            epoch?: components["schemas"]["SyncEpoch"];
        };
        UpgradeRequiredProblem: components["schemas"]["Problem"] & {
            minimum_version: string;
            latest_version: string;
        };
        SyncVerifyRequest: {
            ids: string[];
            epoch?: components["schemas"]["SyncEpoch"];
        };
        SyncVerifyResult: {
            epoch: components["schemas"]["SyncEpoch"];
            results: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                state: "exists" | "deleted" | "out_of_scope";
                /** @description The entity type (exists and deleted only) */
                type?: string;
                /**
                 * Format: int64
                 * @description The row version (exists and deleted only)
                 */
                version?: number;
            }[];
        };
        PhotoPlanRequest: {
            /**
             * Format: uuid
             * @description The photo id the app gave in photo.attach
             */
            id: string;
            /** @description Lower-case hex SHA-256 of the bytes (as attached) */
            sha256: string;
            /**
             * Format: int64
             * @description Bytes (as attached; at most 25 MiB)
             */
            size: number;
            /** @enum {string} */
            content_type: "image/jpeg" | "image/png" | "image/webp" | "image/heic";
            /**
             * @description resumable: upload through the server with PATCH from the offset it holds (for a slow or lossy link), whatever else the store offers; auto (the default): presigned URLs
             * @enum {string}
             */
            method?: "auto" | "resumable";
        };
        PresignedRequest: {
            /** @enum {string} */
            method: "PUT" | "GET";
            url: string;
            /** @description Send each exactly as given (they are signed) */
            headers?: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description The request must start before this
             */
            expires_at: string;
        };
        PhotoPartUpload: components["schemas"]["PresignedRequest"] & {
            /** Format: int32 */
            number: number;
        };
        PhotoPartReceived: {
            /** Format: int32 */
            number: number;
            /** Format: int64 */
            size: number;
            etag: string;
        };
        PhotoPlan: {
            /** Format: uuid */
            photo_id: string;
            /**
             * @description linked: the server holds these bytes already; verified: done; upload: follow the plan, then complete
             * @enum {string}
             */
            status: "linked" | "verified" | "upload";
            /**
             * @description resumable: PATCH fallback_url from offset (docs/PHOTOS.md §4)
             * @enum {string}
             */
            method?: "single" | "multipart" | "resumable";
            /**
             * Format: int64
             * @description Bytes the server holds of this photo from uploads through itself: where the next PATCH starts
             */
            offset?: number;
            put?: components["schemas"]["PresignedRequest"];
            /**
             * Format: int64
             * @description Bytes in every part but the last
             */
            part_size?: number;
            /** Format: int32 */
            part_count?: number;
            /** @description Presigned PUTs of the parts still to send */
            parts?: components["schemas"]["PhotoPartUpload"][];
            /** @description Parts the store holds already (GET /v1/photos/{id}/upload) */
            received?: components["schemas"]["PhotoPartReceived"][];
            /** Format: date-time */
            expires_at?: string;
            /** @description Where to POST once every byte is sent */
            complete_url?: string;
            /** @description Where to PUT the whole photo through the server instead, or PATCH it from offset (resumable) */
            fallback_url?: string;
        };
        PhotoUploadResult: {
            /** Format: uuid */
            photo_id: string;
            /** @enum {string} */
            state: "verified" | "rejected" | "quarantined";
            /** @description The attach is still deferred: the photo is linked to these bytes when it applies */
            deferred?: boolean;
        };
        PhotoExif: {
            /** @description Whether the photo has EXIF at all */
            found: boolean;
            /**
             * Format: date-time
             * @description Capture time (read as Asia/Kolkata when EXIF has no offset)
             */
            taken_at?: string;
            /** Format: double */
            lat?: number;
            /** Format: double */
            lon?: number;
        };
        PhotoURLs: {
            original?: components["schemas"]["PresignedRequest"];
            thumb_320?: components["schemas"]["PresignedRequest"];
            thumb_1280?: components["schemas"]["PresignedRequest"];
        };
        /** @description A photo of an inspection. The pull's photo records have this shape without `urls` (signed per request; GET /v1/photos/{id} for them). */
        Photo: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            inspection_id: string;
            /** Format: uuid */
            finding_id?: string;
            sha256: string;
            /** Format: int64 */
            size: number;
            content_type: string;
            /** @enum {string} */
            state: "pending_upload" | "verified" | "rejected" | "quarantined";
            /** @description Why the last upload was refused */
            reject_code?: string;
            caption?: string;
            /** Format: date-time */
            captured_at?: string;
            /** Format: date-time */
            verified_at?: string;
            exif?: components["schemas"]["PhotoExif"];
            /** @description Reviewer flags: no_exif, no_exif_time, no_exif_gps, far_from_inspection (> 2 km), time_off_inspection (> 12 h), inspection_place_unknown */
            flags: string[];
            /**
             * Format: double
             * @description Metres between the EXIF position and the inspection's
             */
            distance_m?: number;
            /**
             * Format: int64
             * @description Seconds from the inspection's corrected start to the EXIF time
             */
            time_offset_s?: number;
            /** Format: int32 */
            width?: number;
            /** Format: int32 */
            height?: number;
            /**
             * @description State of the background work (thumbnails and EXIF)
             * @enum {string}
             */
            thumbnails: "none" | "pending" | "done" | "failed";
            urls?: components["schemas"]["PhotoURLs"];
            /** Format: int64 */
            version: number;
        };
        Flag: {
            /** Format: uuid */
            id: string;
            /** @description certificate_expiring, certificate_expired, vessel_unfit, survey_overdue, licence_lapsed, pollution_inspection_overdue, late_renewal_fine, registration_lapse, coc_revalidation_due, coc_invalid, manning_non_compliant, repeat_offender */
            kind: string;
            /** @enum {string} */
            subject_type: "vessel" | "crew_member" | "owner" | "liable_party";
            /** Format: uuid */
            subject_id: string;
            /** @description The certificate kind or grade concerned, if any */
            document: string;
            /** Format: date */
            due_on: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id?: string | null;
            /** Format: uuid */
            vessel_id?: string | null;
            /** Format: uuid */
            certificate_id?: string | null;
            citation: string;
            detail: string;
            /** @description The job that raised it */
            raised_by: string;
            /** Format: date */
            raised_on: string;
            /** @enum {string} */
            status: "open" | "resolved";
            /** Format: date-time */
            resolved_at?: string | null;
            /** Format: uuid */
            resolved_by?: string | null;
            resolution: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        FlagList: {
            items: components["schemas"]["Flag"][];
            next_cursor?: string | null;
        };
        FlagResolveInput: {
            reason: string;
        };
        Notification: {
            /** Format: uuid */
            id: string;
            template: string;
            /**
             * @description The language the text is in (English where the preferred one is not written yet)
             * @enum {string}
             */
            locale: "en" | "kn" | "hi";
            subject: string;
            body: string;
            payload: components["schemas"]["NotificationPayload"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            read_at?: string | null;
        };
        /** @description What the text says, as data */
        NotificationPayload: {
            /** @description e.g. "Sagar Rani (KA-KWR-M-0001)" */
            vessel?: string;
            /** @description The crew member's name, for crew certificates */
            holder?: string;
            /** @description Document code: a certificate kind or crew grade */
            doc?: string;
            /** @description The certificate's or notice's number */
            number?: string;
            /**
             * Format: date-time
             * @description A date (midnight UTC standing for the date)
             */
            due?: string;
            /**
             * Format: int64
             * @description Days from the run date to due (negative once past)
             */
            days?: number;
            citation?: string;
            detail?: string;
            /**
             * Format: int64
             * @description Rupees
             */
            amount?: number;
            /**
             * Format: int64
             * @description Rupees before a revision
             */
            previous?: number;
            lines?: string[];
            /** @description The Sch-IV row, e.g. KA-F01 */
            row?: string;
            offence?: string;
            /** Format: int32 */
            level?: number;
            /** Format: int32 */
            previous_level?: number;
            reason?: string;
            /**
             * Format: date-time
             * @description The date of the earlier offence a reason names
             */
            earlier?: string;
            /**
             * Format: date-time
             * @description A second date: the last day to appeal a detention order
             */
            by?: string;
            /** @description The crew posts no valid holder fills (manning notices) */
            posts?: {
                role: string;
                grades: components["schemas"]["CrewGrade"][];
            }[];
            /** @description The deficiencies (or the vessel's status) a notice lists: why a vessel is unfit, the grounds of a detention */
            reasons?: {
                /** @description A deficiency code, or vessel_status */
                code: string;
                /** @description The vessel's registry status, for vessel_status */
                status?: string;
            }[];
        };
        NotificationList: {
            items: components["schemas"]["Notification"][];
            next_cursor?: string | null;
        };
        CalendarToken: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at?: string | null;
            /** Format: date-time */
            revoked_at?: string | null;
        };
        CalendarTokenList: {
            items: components["schemas"]["CalendarToken"][];
        };
        CalendarTokenCreated: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            owner_id: string;
            /** @description The secret; shown only now */
            token: string;
            /** @description The feed URL to give a calendar app */
            url: string;
            /** @description The same feed as a webcal:// subscription link, which a phone opens in its calendar app */
            webcal_url?: string;
            /** Format: date-time */
            created_at: string;
        };
        JobRunInput: {
            /**
             * Format: date
             * @description The date the law is read at (default today, Asia/Kolkata)
             */
            now?: string;
        };
        JobRun: {
            /** Format: uuid */
            id: string;
            job: string;
            /** @enum {string} */
            trigger: "schedule" | "manual";
            /**
             * Format: date-time
             * @description The schedule's tick (manual runs - the start)
             */
            planned_at: string;
            /** Format: date */
            run_on: string;
            instance: string;
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            heartbeat_at: string;
            /** Format: date-time */
            finished_at?: string | null;
            /** @enum {string} */
            outcome: "running" | "succeeded" | "failed" | "skipped";
            error: string;
            counts: {
                [key: string]: number;
            };
            /** Format: int64 */
            duration_ms: number;
        };
        JobStatus: {
            name: string;
            description: string;
            /** @description Cron spec */
            schedule: string;
            /** @description The zone the schedule is read in */
            location: string;
            /** Format: date-time */
            next_run: string;
            last_runs: components["schemas"]["JobRun"][];
        };
        JobList: {
            items: components["schemas"]["JobStatus"][];
        };
        PushRequest: {
            /**
             * Format: int64
             * @description Highest seq for which the device holds final results
             */
            ack_seq?: number;
            epoch?: components["schemas"]["SyncEpoch"];
            /** @description At most 500 (more answers 413 too_many_mutations, checked by the server rather than here so that the code is the documented one) */
            mutations: components["schemas"]["PushMutation"][];
        };
        /**
         * @description One queued intent, a union on `name`: each mutation name has its own
         *     schema, and its `args` their own. The server checks `args` against
         *     the schema of the mutation's name and version, one mutation at a
         *     time: arguments that do not fit answer that mutation `rejected`
         *     (code `invalid_args`, `errors` naming each field) and the rest of
         *     the push goes on. A name or version this server does not know is
         *     answered per mutation too (`retry` while it may come from a newer
         *     app, `rejected` with `untranslatable_mutation` otherwise), never
         *     with a 400 for the whole push. A later version of a name will be a
         *     union on `version` under the same name.
         */
        PushMutation: components["schemas"]["InspectionStartMutation"] | components["schemas"]["InspectionEditMutation"] | components["schemas"]["InspectionAnswerMutation"] | components["schemas"]["InspectionSubmitMutation"] | components["schemas"]["InspectionDiscardMutation"] | components["schemas"]["FindingRecordMutation"] | components["schemas"]["FindingUpdateMutation"] | components["schemas"]["FindingRectifyMutation"] | components["schemas"]["FindingDiscardMutation"] | components["schemas"]["PhotoAttachMutation"] | components["schemas"]["VesselObserveMutation"];
        /** @description What every mutation carries besides its name, version and arguments */
        MutationEnvelope: {
            /**
             * Format: uuid
             * @description Globally unique mutation id (UUIDv7 from the phone)
             */
            id: string;
            /**
             * Format: int64
             * @description Per-device sequence number
             */
            seq: number;
            /**
             * Format: int64
             * @description The aggregate version the device last saw (0 for none)
             */
            base_version?: number | null;
            /**
             * Format: date-time
             * @description Server-anchored capture time
             */
            captured_at?: string | null;
            /**
             * Format: date-time
             * @description The phone's own clock at capture
             */
            captured_raw?: string | null;
            /** Format: int64 */
            anchor_age_ms?: number | null;
        };
        /** @description inspection.start, a union on `version`: v1 names one template, v2 several */
        InspectionStartMutation: components["schemas"]["InspectionStartMutationV1"] | components["schemas"]["InspectionStartMutationV2"];
        InspectionStartMutationV1: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "inspection.start";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["InspectionStartArgs"];
        };
        InspectionStartMutationV2: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "inspection.start";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 2;
            args: components["schemas"]["InspectionStartArgsV2"];
        };
        InspectionEditMutation: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "inspection.edit";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["InspectionEditArgs"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            name: "inspection.edit";
        };
        /** @description inspection.answer, a union on `version`: v1 answers the primary template, v2 names the template, v3 adds the item's record */
        InspectionAnswerMutation: components["schemas"]["InspectionAnswerMutationV1"] | components["schemas"]["InspectionAnswerMutationV2"] | components["schemas"]["InspectionAnswerMutationV3"];
        InspectionAnswerMutationV1: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "inspection.answer";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["InspectionAnswerArgs"];
        };
        InspectionAnswerMutationV2: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "inspection.answer";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 2;
            args: components["schemas"]["InspectionAnswerArgsV2"];
        };
        InspectionAnswerMutationV3: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "inspection.answer";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 3;
            args: components["schemas"]["InspectionAnswerArgsV3"];
        };
        InspectionSubmitMutation: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "inspection.submit";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["InspectionRefArgs"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            name: "inspection.submit";
        };
        InspectionDiscardMutation: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "inspection.discard";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["InspectionRefArgs"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            name: "inspection.discard";
        };
        FindingRecordMutation: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "finding.record";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["FindingRecordArgs"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            name: "finding.record";
        };
        FindingUpdateMutation: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "finding.update";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["FindingUpdateArgs"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            name: "finding.update";
        };
        FindingRectifyMutation: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "finding.rectify";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["FindingRectifyArgs"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            name: "finding.rectify";
        };
        FindingDiscardMutation: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "finding.discard";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["FindingRefArgs"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            name: "finding.discard";
        };
        PhotoAttachMutation: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "photo.attach";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["PhotoAttachArgs"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            name: "photo.attach";
        };
        VesselObserveMutation: components["schemas"]["MutationEnvelope"] & {
            /** @enum {string} */
            name: "vessel.observe";
            /**
             * Format: int32
             * @enum {integer}
             */
            version: 1;
            args: components["schemas"]["VesselObserveArgs"];
        } & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            name: "vessel.observe";
        };
        /** @description inspection.start v1: the id is the phone's (UUIDv7); the rule set is fixed from the corrected capture time */
        InspectionStartArgs: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            vessel_id: string;
            /**
             * Format: uuid
             * @description A checklist_template of the vessel's regime that fits it; a retired version only for a start captured within the grace after its retired_at (else rejected template_retired, docs/SYNC.md §11)
             */
            template_id: string;
            /**
             * @description re_inspection: of a detained vessel, with detention_order_id (Karnataka 2025, Sch-IX Annex-1: released after re-inspection by a Surveyor)
             * @enum {string}
             */
            kind: "routine" | "spot" | "follow_up" | "detention" | "complaint" | "re_inspection";
            /**
             * Format: uuid
             * @description The detention order a re_inspection clears; only with kind re_inspection
             */
            detention_order_id?: string | null;
            /** Format: double */
            lat?: number | null;
            /** Format: double */
            lon?: number | null;
            notes?: string | null;
            /** Format: int32 */
            passengers_carried?: number | null;
            /** Format: double */
            cargo_tonnes?: number | null;
        };
        /** @description inspection.start v2: v1 with template_ids, the primary template first, then the extra templates the inspection also uses; each must fit the vessel */
        InspectionStartArgsV2: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            vessel_id: string;
            /** @description checklist_templates of the vessel's regime that fit it, the primary first; a retired version only within the grace after its retired_at (else rejected template_retired) */
            template_ids: string[];
            /** @enum {string} */
            kind: "routine" | "spot" | "follow_up" | "detention" | "complaint" | "re_inspection";
            /** Format: double */
            lat?: number | null;
            /** Format: double */
            lon?: number | null;
            notes?: string | null;
            /** Format: int32 */
            passengers_carried?: number | null;
            /** Format: double */
            cargo_tonnes?: number | null;
            /**
             * Format: uuid
             * @description The detention order a re_inspection may lift
             */
            detention_order_id?: string | null;
        };
        /** @description inspection.edit v1: header fields the inspector may change; absent fields are left alone */
        InspectionEditArgs: {
            /** Format: uuid */
            inspection_id: string;
            /** Format: double */
            lat?: number | null;
            /** Format: double */
            lon?: number | null;
            notes?: string | null;
            /** Format: int32 */
            passengers_carried?: number | null;
            /** Format: double */
            cargo_tonnes?: number | null;
        };
        /** @description inspection.answer v1: one checklist answer (answer and note are one unit of edit) */
        InspectionAnswerArgs: {
            /** Format: uuid */
            inspection_id: string;
            /** @description The id of an item of the inspection's checklist template */
            item_id: string;
            /**
             * @description Empty clears the answer
             * @enum {string}
             */
            answer: "yes" | "no" | "na" | "";
            note?: string | null;
        };
        /** @description inspection.answer v2: one checklist answer keyed by template and item */
        InspectionAnswerArgsV2: {
            /** Format: uuid */
            inspection_id: string;
            /**
             * Format: uuid
             * @description One of the inspection's template_ids
             */
            template_id: string;
            /** @description The id of an item of that template */
            item_id: string;
            /**
             * @description Empty clears the answer
             * @enum {string}
             */
            answer: "yes" | "no" | "na" | "";
            note?: string | null;
        };
        /** @description inspection.answer v3: v2 with the item's record (answer, note and record are one unit of edit) */
        InspectionAnswerArgsV3: {
            /** Format: uuid */
            inspection_id: string;
            /**
             * Format: uuid
             * @description One of the inspection's template_ids
             */
            template_id: string;
            /** @description The id of an item of that template */
            item_id: string;
            /**
             * @description Empty clears the answer
             * @enum {string}
             */
            answer: "yes" | "no" | "na" | "";
            /** @description Free text; absent or null leaves the stored note */
            note?: string | null;
            /** @description What the form records for the item besides the answer, by the names the item's `record` lists in this template version (e.g. number_or_type, condition, location); a name it does not list is rejected (unknown_record_field). Absent or null leaves the stored record; an object replaces it whole; {} clears it */
            record?: {
                [key: string]: string;
            } | null;
        };
        /** @description inspection.submit v1 and inspection.discard v1 (drafts only) */
        InspectionRefArgs: {
            /** Format: uuid */
            inspection_id: string;
        };
        /** @description finding.record v1: a deficiency the inspector found; the rules may correct the action asked for */
        FindingRecordArgs: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            inspection_id: string;
            /** @description A code of the deficiency catalogue */
            code: string;
            note?: string | null;
            /** @description A deficiency action code (01-06, 99), or empty */
            action?: string | null;
            /** Format: int32 */
            persons?: number | null;
            party_ref?: string | null;
        };
        /** @description finding.update v1: absent fields are left alone */
        FindingUpdateArgs: {
            /** Format: uuid */
            finding_id: string;
            /** Format: uuid */
            inspection_id: string;
            note?: string | null;
            action?: string | null;
            /** Format: int32 */
            persons?: number | null;
            party_ref?: string | null;
        };
        /** @description finding.rectify v1: the deficiency was put right */
        FindingRectifyArgs: {
            /** Format: uuid */
            finding_id: string;
            /** Format: uuid */
            inspection_id: string;
            note?: string | null;
        };
        /** @description finding.discard v1 (inspector findings only) */
        FindingRefArgs: {
            /** Format: uuid */
            finding_id: string;
            /** Format: uuid */
            inspection_id: string;
        };
        /** @description photo.attach v1: declares a photo; its bytes are uploaded afterwards (POST /v1/photos) */
        PhotoAttachArgs: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            inspection_id: string;
            /** Format: uuid */
            finding_id?: string | null;
            sha256: string;
            /** Format: int64 */
            size: number;
            /** @enum {string} */
            content_type: "image/jpeg" | "image/png" | "image/webp" | "image/heic";
            caption?: string | null;
            /** Format: date-time */
            taken_at?: string | null;
        };
        /** @description vessel.observe v1: what the inspector saw differs from the register; a registrar decides */
        VesselObserveArgs: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            vessel_id: string;
            /** Format: uuid */
            inspection_id?: string | null;
            /** @enum {string} */
            field: "name" | "kind" | "category" | "zone" | "engine_power" | "power_unit" | "length_m" | "breadth_m" | "depth_m" | "grt" | "nrt" | "passengers" | "cargo_tonnes" | "use" | "registration_number" | "owner" | "status" | "other";
            value: components["schemas"]["JSONValue"];
            note?: string | null;
        };
        /** @description Any JSON value but null */
        JSONValue: string | number | boolean | {
            [key: string]: unknown;
        } | unknown[];
        /** @description Any JSON value, or null */
        NullableJSONValue: (string | null) | number | boolean | {
            [key: string]: unknown;
        } | unknown[];
        RowRef: {
            type: string;
            /** Format: uuid */
            id: string;
            /** Format: int64 */
            version: number;
        };
        PushResult: {
            /** Format: uuid */
            id: string;
            /** Format: int64 */
            seq: number;
            /** @enum {string} */
            status: "applied" | "replayed" | "merged" | "deferred" | "rejected" | "retry";
            code?: string;
            message?: string;
            errors?: components["schemas"]["FieldError"][];
            unapplied?: string[];
            conflict_ids?: string[];
            /** Format: uuid */
            amendment_id?: string;
            written?: components["schemas"]["RowRef"][];
            aggregate?: components["schemas"]["RowRef"];
            /** Format: date-time */
            captured_at?: string;
            time_flags?: string[];
            outcome?: components["schemas"]["PushResult"];
        };
        PushResponse: {
            /** Format: date-time */
            server_time: string;
            epoch: components["schemas"]["SyncEpoch"];
            /** Format: int64 */
            ack_seq?: number;
            results: components["schemas"]["PushResult"][];
            inspections: components["schemas"]["InspectionSummary"][];
        };
        /** @enum {string} */
        InspectionStatus: "draft" | "submitted" | "approved" | "returned" | "withdrawn" | "discarded";
        InspectionSummary: {
            /** Format: uuid */
            id: string;
            /** Format: int64 */
            version: number;
            status: components["schemas"]["InspectionStatus"];
            rule_set_id: string;
            /** Format: date-time */
            started_at: string;
            time_flags: string[];
            changed_after_submission?: boolean;
            deficiencies: {
                code: string;
                title: string;
                sources?: string[] | null;
                action: string;
                due_kind: string;
                /** Format: date */
                due_date?: string;
                detainable: boolean;
                liable_party: string;
                rectified: boolean;
                penalty_row?: string;
            }[];
            detention: components["schemas"]["DetentionProposal"];
            penalties: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                offence_id: string;
                /** @description The Sch-IV row, as on the pulled penalty, offence and finding records */
                penalty_row: string;
                /** Format: int32 */
                level: number;
                /**
                 * Format: int64
                 * @description Whole rupees
                 */
                amount: number;
                /** Format: int64 */
                proposed_amount?: number | null;
                /** @description The status of the offence (the pulled offence record's status) */
                offence_status: string;
                /** Format: int64 */
                version: number;
            }[];
            /** Format: int32 */
            evidence_total: number;
            /** Format: int32 */
            evidence_verified: number;
        };
        Inspection: {
            /** Format: uuid */
            id: string;
            /** Format: int64 */
            version: number;
            /** Format: uuid */
            vessel_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            template_id: string;
            /** @description Every template of the inspection, the primary (template_id) first */
            template_ids?: string[];
            rule_set_id: string;
            kind: string;
            status: components["schemas"]["InspectionStatus"];
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            submitted_at?: string | null;
            notes?: string;
            detention_proposed?: boolean;
            /** Format: int32 */
            evidence_total?: number;
            /** Format: int32 */
            evidence_verified?: number;
            changed_after_submission?: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        InspectionList: {
            items: components["schemas"]["Inspection"][];
            next_cursor?: string | null;
        };
        InspectionDetail: {
            inspection: components["schemas"]["Inspection"];
            summary: components["schemas"]["InspectionSummary"];
            answers: {
                /** Format: uuid */
                template_id: string;
                item_id: string;
                answer: string;
                note?: string;
                /** @description The record inspection.answer v3 gave, by the item's record names; absent when none */
                record?: {
                    [key: string]: string;
                };
                /** Format: int64 */
                version: number;
            }[];
            findings: {
                /** Format: uuid */
                id: string;
                code: string;
                source: string;
                note?: string;
                action: string;
                due_kind?: string;
                /** Format: date */
                due_date: string | null;
                detainable?: boolean;
                rectified: boolean;
                /** Format: int64 */
                version: number;
            }[];
            /** Format: int64 */
            open_conflicts: number;
            /** Format: int64 */
            open_amendments: number;
            /** @description GET only: per finding, photos, closure rule, overdue */
            reviewer_findings?: components["schemas"]["ReviewerFinding"][];
            /** @description GET only: every photo of the inspection with EXIF flags and short-lived URLs */
            photos?: components["schemas"]["Photo"][];
            /** @description GET only: conflicts, open and resolved */
            conflicts?: components["schemas"]["Conflict"][];
            /** @description GET only */
            amendment_requests?: components["schemas"]["AmendmentRequest"][];
            /** @description GET only: owners' rectifications */
            rectifications?: components["schemas"]["Rectification"][];
            time?: components["schemas"]["ReviewerTime"];
            /** @description GET only: every decision, oldest first, from the audit log */
            history?: components["schemas"]["HistoryEntry"][];
        };
        /** @description What the reviewer's view adds to each finding of InspectionDetail */
        ReviewerFinding: {
            /** Format: uuid */
            finding_id: string;
            /** @description Past its due date (India's day) and not rectified */
            overdue: boolean;
            /** @description The action code recorded when a rectification was accepted: 01 (Deficiency rectified) */
            rectification_action?: string;
            closure: components["schemas"]["ClosureRule"];
            photos: components["schemas"]["Photo"][];
        };
        ClosureRule: {
            /** @enum {string} */
            closure: "remote" | "reinspection";
            rule: string;
            reason: string;
            citation: string;
        };
        ReviewerTime: {
            /**
             * Format: date-time
             * @description The corrected start
             */
            started_at: string;
            /**
             * Format: date-time
             * @description The phone's own clock, evidence only
             */
            started_raw: string | null;
            time_flags: string[];
            /** Format: uuid */
            time_confirmed_by: string | null;
        };
        HistoryEntry: {
            /** Format: int64 */
            id: number;
            /** Format: date-time */
            at: string;
            /** @description inspection.submit, inspection.approve, inspection.return, amendment.accept, rectification.accept, … */
            action: string;
            entity_type: string;
            /** Format: uuid */
            entity_id: string;
            /** Format: uuid */
            actor_id: string | null;
            actor_name: string;
            actor_role: string;
            /**
             * Format: uuid
             * @description The device the decision came from (none for the web)
             */
            device_id: string | null;
            request_id?: string;
            /** @description The comment or reason given, if any */
            reason: string;
        };
        ReviewQueue: {
            items: components["schemas"]["ReviewQueueItem"][];
            next_cursor?: string | null;
            counts: components["schemas"]["ReviewQueueCounts"];
        };
        ReviewQueueItem: {
            inspection: components["schemas"]["Inspection"];
            /**
             * Format: int32
             * @description India days since submission
             */
            age_days: number;
            /** Format: int32 */
            open_findings: number;
            /** Format: int32 */
            overdue_findings: number;
            evidence_incomplete: boolean;
            /** Format: int32 */
            open_conflicts: number;
            /** Format: int32 */
            open_amendments: number;
            /** Format: int32 */
            pending_rectifications: number;
        };
        ReviewQueueCounts: {
            /** Format: int64 */
            total: number;
            /** Format: int64 */
            clean: number;
            /** Format: int64 */
            deficiencies: number;
            /** Format: int64 */
            detention_proposed: number;
            /** Format: int64 */
            evidence_incomplete: number;
            /** Format: int64 */
            open_issues: number;
            /** Format: int64 */
            changed_after_submission: number;
            /** Format: int64 */
            overdue: number;
            /** Format: int64 */
            older_than_7_days: number;
        };
        FindingPhotoRequest: {
            /**
             * Format: uuid
             * @description A UUIDv7 you make
             */
            id: string;
            sha256: string;
            /** Format: int64 */
            size: number;
            /** @enum {string} */
            content_type: "image/jpeg" | "image/png" | "image/webp" | "image/heic";
            caption?: string;
        };
        FindingPhoto: {
            /** Format: uuid */
            photo_id: string;
            /** Format: uuid */
            finding_id: string;
            /** @description Where to plan the upload: POST the same sha256, size and content_type */
            plan_url: string;
        };
        RectificationRequest: {
            /** @description What was put right */
            note: string;
            photo_ids: string[];
        };
        RectificationDecision: {
            /** @enum {string} */
            decision: "accept" | "reject";
            /** @description Required to reject */
            reason?: string;
        };
        Rectification: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            finding_id: string;
            /** Format: uuid */
            inspection_id: string;
            note: string;
            photo_ids: string[];
            /** Format: uuid */
            submitted_by: string;
            /** Format: date-time */
            submitted_at: string;
            /** @enum {string} */
            status: "pending" | "accepted" | "rejected";
            /** Format: uuid */
            decided_by?: string | null;
            /** Format: date-time */
            decided_at?: string | null;
            reason: string;
            /** @description 01 once accepted (Karnataka 2025, Sch-IX after Form B) */
            action_code: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: int64 */
            version: number;
        };
        RectificationList: {
            items: components["schemas"]["Rectification"][];
            next_cursor?: string | null;
        };
        ReviewRequest: {
            /** @enum {string} */
            decision: "approve" | "return" | "withdraw" | "confirm_time";
            comment?: string;
            /** @description Approve although not every photo is verified */
            override_reason?: string;
        };
        Conflict: {
            /** Format: uuid */
            id: string;
            entity_type: string;
            /** Format: uuid */
            entity_id: string;
            /** Format: uuid */
            inspection_id?: string | null;
            field: string;
            /** Format: int64 */
            base_version: number;
            /** @description Any JSON value, or null (bounded by the 1 MiB push body it came in) */
            base_value?: (string | null) | number | boolean | unknown[] | Record<string, never>;
            /** @description Any JSON value, or null (bounded by the 1 MiB push body it came in) */
            server_value?: (string | null) | number | boolean | unknown[] | Record<string, never>;
            /** @description Any JSON value, or null (bounded by the 1 MiB push body it came in) */
            client_value?: (string | null) | number | boolean | unknown[] | Record<string, never>;
            server_author?: components["schemas"]["ConflictAuthor"];
            client_author?: components["schemas"]["ConflictAuthor"];
            policy: string;
            /** @enum {string} */
            winner: "server" | "client";
            resolution?: string;
            /** Format: uuid */
            resolved_by?: string | null;
            /** Format: date-time */
            resolved_at?: string | null;
            /** Format: date-time */
            created_at: string;
        };
        ConflictList: {
            items: components["schemas"]["Conflict"][];
            next_cursor?: string | null;
        };
        ConflictResolution: {
            /**
             * @description kept: the winner stands; reverted: the losing value is applied
             * @enum {string}
             */
            resolution: "kept" | "reverted";
            comment?: string;
        };
        QuarantineEntry: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            mutation_id: string;
            /** Format: uuid */
            device_id: string;
            /** Format: uuid */
            user_id: string;
            payload: {
                [key: string]: unknown;
            };
            reason: string;
            detail?: components["schemas"]["PushResult"];
            /** Format: date-time */
            captured_at?: string | null;
            /** Format: uuid */
            jurisdiction_id?: string | null;
            /** @enum {string} */
            state: "pending" | "reapplied" | "discarded";
            /** Format: uuid */
            decided_by?: string | null;
            decision_reason?: string;
            result?: components["schemas"]["PushResult"];
            /** Format: date-time */
            created_at: string;
        };
        QuarantineList: {
            items: components["schemas"]["QuarantineEntry"][];
            next_cursor?: string | null;
        };
        BacklogEntry: {
            /** Format: uuid */
            mutation_id: string;
            /** Format: uuid */
            device_id: string;
            device_name?: string;
            /** Format: uuid */
            user_id: string;
            user_email?: string;
            /** @description The intent, e.g. inspection.answer */
            name: string;
            /** Format: int64 */
            seq: number;
            /** Format: uuid */
            aggregate_id: string;
            aggregate_exists: boolean;
            /**
             * Format: uuid
             * @description The inspection's jurisdiction; null while it does not exist
             */
            jurisdiction_id?: string | null;
            /** @enum {string} */
            code: "aggregate_unknown" | "waiting_for_earlier" | "ready";
            /**
             * Format: date-time
             * @description Corrected capture time, fixed at first receipt
             */
            captured_at: string;
            time_flags?: string[];
            /**
             * Format: date-time
             * @description When it was first deferred (its age)
             */
            first_seen: string;
            /**
             * Format: date-time
             * @description When the device last resent it
             */
            last_seen: string;
            /** @description The mutation as the device sent it */
            payload: {
                [key: string]: unknown;
            };
        };
        BacklogList: {
            items: components["schemas"]["BacklogEntry"][];
            next_cursor?: string | null;
        };
        BacklogDecisionRequest: {
            /** @enum {string} */
            decision: "discard" | "apply";
            reason: string;
        };
        BacklogDecision: {
            /** Format: uuid */
            mutation_id: string;
            /** @enum {string} */
            decision: "discard" | "apply";
            result: components["schemas"]["PushResult"];
            /** @description The mutation had left the backlog already: result is its stored final result and nothing was decided now */
            already_final: boolean;
        };
        QuarantineDecision: {
            /** @enum {string} */
            decision: "reapply" | "discard";
            reason: string;
            /** @description Corrected arguments for a re-apply */
            args?: {
                [key: string]: unknown;
            };
        };
        DecisionRequest: {
            /** @enum {string} */
            decision: "accept" | "reject";
            /** @description Required to reject; shown to the inspector */
            reason?: string;
        };
        VesselObservation: {
            /** Format: uuid */
            id: string;
            /** Format: int64 */
            version: number;
            /** Format: uuid */
            vessel_id: string;
            /** Format: uuid */
            inspection_id?: string | null;
            /** Format: uuid */
            observer_id: string;
            /** Format: uuid */
            device_id?: string | null;
            /** @description The particular observed, named as in the vessel's sync record (name, zone, engine_power …), or other */
            field: string;
            /** @description The value as found: any JSON value of at most 2000 bytes, or null */
            observed: (string | null) | number | boolean | unknown[] | Record<string, never>;
            note: string;
            /** Format: date-time */
            observed_at: string;
            /** @enum {string} */
            status: "proposed" | "accepted" | "rejected";
            /** Format: uuid */
            decided_by?: string | null;
            /** Format: date-time */
            decided_at?: string | null;
            decision_reason: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        VesselObservationList: {
            items: components["schemas"]["VesselObservation"][];
            next_cursor?: string | null;
        };
        AmendmentRequest: {
            /** Format: uuid */
            id: string;
            /** Format: int64 */
            version: number;
            /** Format: uuid */
            inspection_id: string;
            /** Format: uuid */
            mutation_id?: string | null;
            /**
             * Format: uuid
             * @description Who made the edit
             */
            user_id: string;
            /** Format: uuid */
            device_id?: string | null;
            /** @description The mutation name (inspection.answer …) */
            name: string;
            /** @description The mutation's arguments */
            args: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            captured_at: string;
            /** @enum {string} */
            status: "open" | "accepted" | "rejected";
            /** Format: uuid */
            decided_by?: string | null;
            /** Format: date-time */
            decided_at?: string | null;
            /** @description Why the edit was held; once decided, the decider's reason when one was given */
            reason: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** Format: uuid */
            inspector_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        AmendmentRequestList: {
            items: components["schemas"]["AmendmentRequest"][];
            next_cursor?: string | null;
        };
        /** @description A penalty notice with every penalty, its revisions, payments and appeals (Karnataka 2025, Sch-IV and Form-18) */
        PenaltyNotice: {
            /** Format: uuid */
            id: string;
            number: string;
            /** Format: uuid */
            inspection_id: string;
            regime: string;
            /** Format: date */
            served_on: string;
            /** Format: date */
            inspected_on: string;
            /** Format: int64 */
            revision: number;
            /** @enum {string} */
            status: "open" | "paid" | "set_aside" | "cancelled";
            /**
             * Format: int64
             * @description Rupees charged by the current revision
             */
            total: number;
            /** Format: int64 */
            paid: number;
            /**
             * Format: int64
             * @description Rupees still due; negative when a refund is due
             */
            due: number;
            /**
             * Format: date
             * @description Served on + 15 days (Karnataka 2025, Form-18)
             */
            pay_by: string;
            /** @description The current revision's verification code, printed on its HTML and PDF (GET /v/{code}); empty for a revision written before codes were issued */
            verify_code: string;
            appeal: {
                authority?: string;
                citation?: string;
                /** Format: int64 */
                days?: number;
                /** Format: date */
                closes_on?: string;
            } | null;
            vessel: {
                /** Format: uuid */
                id?: string;
                name?: string;
                registration_number?: string;
            };
            owner: {
                /** Format: uuid */
                id?: string;
                name?: string;
                preferred_language?: string;
            };
            jurisdiction: {
                /** Format: uuid */
                id?: string;
                code?: string;
                name?: string;
            };
            lines: components["schemas"]["PenaltyNoticeLine"][];
            revisions: {
                /** Format: int64 */
                revision: number;
                /** Format: int64 */
                previous: number | null;
                reason: string;
                /** Format: int64 */
                total: number;
                /** Format: date-time */
                created_at: string;
                lines: components["schemas"]["PenaltyNoticeLine"][];
            }[];
            payments: components["schemas"]["PenaltyPayment"][];
            appeals: components["schemas"]["PenaltyAppeal"][];
        };
        /** @description One penalty of a notice's revision: one offence and liable person (Karnataka 2025, Sch-IV) */
        PenaltyNoticeLine: {
            /** Format: uuid */
            penalty_id: string;
            /** Format: uuid */
            offence_id: string;
            row: string;
            /**
             * Format: int64
             * @description Serial number of the Sch-IV row as printed
             */
            sl?: number;
            citation?: string;
            /** @enum {string} */
            party_kind: "owner" | "master" | "crew_member" | "passenger";
            /** @description The crew member's or passenger's recorded ID; empty for the owner and for persons not identified */
            party_ref?: string;
            /** Format: int64 */
            persons: number;
            /**
             * Format: int64
             * @description 1 = first offence; each repeat within a year one level up; 0 when set aside
             */
            level: number;
            /** Format: int64 */
            unit_amount: number;
            /** Format: int64 */
            amount: number;
            /** @enum {string} */
            status: "charged" | "set_aside" | "cancelled";
            /**
             * Format: uuid
             * @description The earlier offence whose charge was doubled
             */
            escalated_from?: string;
            trace: {
                rule?: string;
                citation?: string;
                detail?: string;
            }[];
            /** Format: int64 */
            previous_amount?: number;
            /** Format: int64 */
            previous_level?: number;
            previous_status?: string;
            why?: string;
            /** Format: int64 */
            paid?: number;
            /**
             * Format: int64
             * @description Rupees still due on this line; negative when a paid penalty was set aside (a refund)
             */
            due?: number;
            appeal_state?: string;
        };
        PenaltyPayment: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            notice_id: string;
            /** Format: uuid */
            penalty_id: string;
            /** Format: int64 */
            notice_revision: number;
            /** Format: int64 */
            amount: number;
            /** Format: date */
            paid_on: string;
            receipt_number: string;
            /** Format: uuid */
            recorded_by: string;
            /** Format: date-time */
            created_at: string;
        };
        PenaltyAppeal: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            notice_id: string;
            /** Format: uuid */
            penalty_id: string;
            /** Format: date */
            filed_on: string;
            /** Format: date */
            window_closes_on: string;
            authority: string;
            grounds: string;
            /** @enum {string} */
            state: "pending" | "upheld" | "dismissed";
            /** Format: uuid */
            decided_by: string | null;
            /** Format: date-time */
            decided_at: string | null;
            decision_reason: string;
            /** @description The photos attached when it was filed */
            readonly photo_ids: string[];
        };
        DetentionReason: {
            code: string;
            title: string;
            action: string;
            legal_refs: string[];
        };
        DetentionProposalView: {
            /** Format: uuid */
            inspection_id: string;
            proposed: boolean;
            citation: string;
            reasons: components["schemas"]["DetentionReason"][];
            orderable: boolean;
            power: string;
            /** @description Why the regime gives no detention order */
            refusal?: string;
            /** Format: uuid */
            order_id: string | null;
        };
        DetentionRequest: {
            present_location: string;
            /** @description Default: the present location */
            place_of_inspection?: string;
            /** @description The port or location limits the vessel may not leave; default: the present location */
            port?: string;
            master_name: string;
            /** @description Inspection action codes taken beyond 12 and 14 (Sch-IX), e.g. 11 next port informed, 13 registration state consulted */
            inspection_actions?: ("11" | "12" | "13" | "14" | "15")[];
            reason?: string;
        };
        ReleaseRequest: {
            /** @description Empty or ["NIL"]: no conditions */
            conditions?: string[];
            present_location?: string;
            /**
             * Format: int64
             * @description Towing charges at actuals (Sch-IV detention table item 2)
             */
            towing_rupees?: number;
            /**
             * Format: int32
             * @description Detention security and safety guard, 8-hour shifts (item 3)
             */
            guard_shifts?: number;
            reason?: string;
        };
        DetentionCharge: {
            description: string;
            /** Format: int64 */
            amount: number;
            citation: string;
        };
        DetentionOrder: {
            /** Format: uuid */
            id: string;
            number: string;
            /** Format: uuid */
            inspection_id: string;
            /** Format: uuid */
            vessel_id: string;
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: uuid */
            owner_id: string;
            /** @enum {string} */
            status: "in_force" | "released";
            /** Format: date-time */
            ordered_at: string;
            /** Format: uuid */
            ordered_by: string;
            reason?: string;
            /**
             * Format: date-time
             * @description Sch-IX para 1.3 (48 hours)
             */
            report_due_at: string;
            codes: string[];
            inspection_actions: string[];
            particulars: components["schemas"]["DetentionParticulars"];
            verify_code: string;
            release_number?: string | null;
            /** Format: date-time */
            released_at?: string | null;
            /** Format: uuid */
            released_by?: string | null;
            /** Format: uuid */
            reinspection_id?: string | null;
            release_conditions?: string[] | null;
            release_particulars?: components["schemas"]["ReleaseParticulars"];
            release_verify_code?: string | null;
            /** Format: int64 */
            version: number;
        };
        DetentionOrderList: {
            items: components["schemas"]["DetentionOrder"][];
            next_cursor?: string | null;
        };
        DocumentVerification: {
            /** @enum {string} */
            kind: "detention_order" | "release_order" | "penalty_notice";
            number: string;
            office: string;
            /** @enum {string} */
            status: "valid" | "superseded" | "released" | "paid";
            /** Format: date-time */
            issued_at: string;
            /** Format: date-time */
            status_at: string;
            /** @description The registration number of the vessel the document is about (absent when unknown) */
            vessel_registration?: string;
            /** @description Its name, as painted on the hull (absent when unknown) */
            vessel_name?: string;
        };
        OrderFinding: {
            code: string;
            title: string;
            /** @description Deficiency action code (Sch-IX, after Form-B) */
            action: string;
            legal_refs?: string[] | null;
        };
        /** @description Every field of the detention order (Karnataka 2025, Sch-IX Annex-1) as issued, frozen with the order */
        DetentionParticulars: {
            reporting_office?: string;
            head_office?: string;
            number: string;
            /** Format: date-time */
            date: string;
            vessel_name: string;
            registration_number: string;
            place_of_registry?: string;
            present_location?: string;
            master_name?: string;
            /** Format: date */
            inspection_date?: string;
            place_of_inspection?: string;
            /** @description The port or limits the vessel may not leave */
            port?: string;
            powers?: string;
            findings?: components["schemas"]["OrderFinding"][] | null;
            inspection_actions?: {
                code: string;
                title: string;
            }[] | null;
            /**
             * Format: date-time
             * @description Sch-IX para 1.3 (48 hours)
             */
            report_due_at?: string;
            detention_authority?: string;
            appellate_authority?: string;
            appeal_rule?: string;
            copies?: string[] | null;
            enclosure?: string;
            /** @description The officer's name */
            ordered_by?: string;
            verify_code?: string;
        };
        /** @description Every field of the release order (Karnataka 2025, Sch-IX Annex-2) with the detention charges, as issued; null while in force */
        ReleaseParticulars: {
            reporting_office?: string;
            head_office?: string;
            number: string;
            /** Format: date-time */
            date: string;
            detention_number: string;
            /** Format: date-time */
            detention_date?: string;
            vessel_name?: string;
            registration_number?: string;
            place_of_registry?: string;
            present_location?: string;
            master_name?: string;
            /** Format: date */
            reinspection_date?: string;
            /** Format: date */
            release_date?: string;
            power?: string;
            /** @description ["NIL"] when none */
            conditions?: string[] | null;
            findings?: components["schemas"]["OrderFinding"][] | null;
            /** @description The detention charges (Karnataka 2025, Sch-IV), in rupees */
            charges?: components["schemas"]["DetentionCharge"][] | null;
            /**
             * Format: int64
             * @description Rupees
             */
            charges_total?: number;
            releasing_authority?: string;
            appellate_authority?: string;
            copies?: string[] | null;
            released_by?: string;
            verify_code?: string;
        } | null;
        OneTimeSignInRequest: {
            email: string;
        };
        SmsSignInRequest: {
            /** @description Indian mobile number: +91 and ten digits starting 6-9; spaces, hyphens and the national forms are normalised. Anything else is 422 naming the field mobile */
            mobile: string;
        };
        OneTimeSignInAccepted: {
            message: string;
            /**
             * Format: int32
             * @description Seconds a mailed link and code stay valid
             */
            expires_in: number;
        };
        OneTimeSessionRequest: {
            /** @description The token of the mailed link */
            token?: string;
            email?: string;
            /** @description The 6-digit code of the mail, or of the SMS with mobile */
            code?: string;
            /** @description The mobile number the SMS code was sent to (requestSmsSignIn), with code */
            mobile?: string;
            installation_id: string;
            device_name?: string;
        };
        UpiPaymentRequest: {
            /** @description upi://pay?pa=..&pn=..&am=..&cu=INR&tn=..&tr=.. */
            uri: string;
            /** @description The authority's virtual payment address */
            payee: string;
            payee_name: string;
            /** @description Rupees with two decimals, as in the link */
            amount: string;
            /** @enum {string} */
            currency: "INR";
            note: string;
            /** @description The notice number */
            reference: string;
            /** Format: uuid */
            notice_id: string;
        };
        BankCredit: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            jurisdiction_id: string;
            bank_reference: string;
            /** Format: date */
            credited_on: string;
            /** Format: int64 */
            amount_paise: number;
            narration: string;
            /** Format: uuid */
            notice_id: string | null;
            /** @enum {string} */
            state: "recorded" | "queued" | "applied" | "dismissed";
            /** @description Why it was queued: unknown_notice, ambiguous_notice, amount_mismatch, nothing_due, not_payable */
            reason: string;
            /** @description The registrar's reason */
            resolution: string;
            /** Format: uuid */
            resolved_by?: string | null;
            /** Format: date-time */
            resolved_at?: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: int64 */
            version: number;
        };
        BankCreditList: {
            items: components["schemas"]["BankCredit"][];
            next_cursor?: string | null;
        };
        BankStatementImport: {
            /** Format: int32 */
            recorded: number;
            /** Format: int32 */
            already_recorded: number;
            /** Format: int32 */
            queued: number;
            credits: components["schemas"]["BankCredit"][];
        };
        BankCreditDecision: {
            /** @enum {string} */
            action: "apply" | "dismiss";
            /** Format: uuid */
            notice_id?: string;
            reason?: string;
        };
        OwnerSettings: {
            language: components["schemas"]["Language"];
            email: string;
            /** @description The mobile number the register has for the owner (E.164), where SMS go; only the registrar changes it */
            mobile?: string;
            /**
             * @description The channels reminders go by (legal notices go by every channel the owner has); SMS need a mobile on the register
             * @enum {string}
             */
            reminders_by?: "sms" | "email" | "both";
            /** @description Every reminder one may turn off */
            reminders: string[];
            reminders_off: string[];
        };
        OwnerSettingsPatch: {
            language?: components["schemas"]["Language"];
            email?: string;
            reminders_off?: string[];
            /** @enum {string} */
            reminders_by?: "sms" | "email" | "both";
        };
        User: components["schemas"]["RecordMeta"] & {
            email: string;
            name: string;
            role: components["schemas"]["Role"];
            preferred_language: components["schemas"]["Language"];
            /**
             * Format: uuid
             * @description The owner record of an owner account
             */
            owner_id?: string | null;
            /**
             * Format: date-time
             * @description When the account was deactivated
             */
            disabled_at?: string | null;
            /** @description The jurisdictions assigned today (Asia/Kolkata) */
            jurisdiction_ids: string[];
        };
        UserList: {
            items: components["schemas"]["User"][];
            next_cursor?: string | null;
        };
        UserInput: {
            /**
             * Format: uuid
             * @description Client-generated id (optional)
             */
            id?: string;
            email: string;
            name?: string;
            role: components["schemas"]["Role"];
            preferred_language?: components["schemas"]["Language"];
            /** @description Optional: without one, send a password link */
            password?: string;
            /**
             * Format: uuid
             * @description The owner record (owner role only)
             */
            owner_id?: string;
            /** @description Assigned from assigned_from (inspectors, supervisors, registrars) */
            jurisdiction_ids?: string[];
            /**
             * Format: date
             * @description First day of the assignments (default today, Asia/Kolkata)
             */
            assigned_from?: string;
        };
        UserPatch: {
            email?: string;
            name?: string;
            role?: components["schemas"]["Role"];
            preferred_language?: components["schemas"]["Language"];
            /**
             * Format: uuid
             * @description The owner record (owner role only)
             */
            owner_id?: string;
        };
        Assignment: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            jurisdiction_id: string;
            jurisdiction_code: string;
            jurisdiction_name: string;
            /**
             * Format: date
             * @description First day (Asia/Kolkata)
             */
            starts_on: string;
            /**
             * Format: date
             * @description Last day, inclusive; null: open-ended
             */
            ends_on: string | null;
            /** @description In force today (Asia/Kolkata) */
            in_force: boolean;
            /** Format: date-time */
            created_at: string;
        };
        AssignmentList: {
            items: components["schemas"]["Assignment"][];
        };
        AssignmentInput: {
            /** Format: uuid */
            jurisdiction_id: string;
            /** Format: date */
            starts_on: string;
            /** Format: date */
            ends_on?: string;
        };
        AssignmentEnd: {
            /**
             * Format: date
             * @description The last day of the assignment, inclusive
             */
            ends_on: string;
        };
        PasswordResetRequest: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            sent_to: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string;
        };
        PasswordResetCompletion: {
            token: string;
            password: string;
        };
        OwnerInvitation: {
            /** Format: uuid */
            user_id: string;
            sent_to: string;
            /** @description false: already invited today, nothing more mailed */
            queued: boolean;
        };
        InspectionPlan: {
            items: components["schemas"]["PlanEntry"][];
            next_cursor?: string | null;
            /**
             * Format: date
             * @description The day in India the scores were computed on
             */
            on: string;
        };
        PlanEntry: {
            /**
             * Format: uuid
             * @description The vessel's id
             */
            id: string;
            registration_number: string;
            name: string;
            kind: components["schemas"]["VesselKind"];
            use: components["schemas"]["VesselUse"];
            /** Format: int32 */
            passengers?: number | null;
            /** Format: uuid */
            jurisdiction_id: string;
            status: components["schemas"]["VesselStatus"];
            /** @description Used for passengers or on hire, or with a passenger capacity: first at an equal score */
            passenger_boat: boolean;
            /**
             * Format: int32
             * @description The sum of the parts
             */
            score: number;
            /**
             * @description high from 100 points, medium from 40
             * @enum {string}
             */
            band: "high" | "medium" | "low";
            parts: components["schemas"]["PlanPart"][];
        };
        PlanPart: {
            /** @enum {string} */
            name: "annual_inspection_overdue" | "survey_lapsed" | "survey_expiring" | "certificate_lapsed" | "certificate_expiring" | "finding_overdue" | "finding_open" | "detention" | "repeat_offence";
            /**
             * Format: int32
             * @description Points per unit
             */
            weight: number;
            /**
             * Format: int32
             * @description Units counted (capped per factor)
             */
            count: number;
            /**
             * Format: int32
             * @description weight × count
             */
            points: number;
            /** @description What the record says, e.g. "annual inspection overdue by 34 days (…)" */
            fact: string;
            citation: string;
            /**
             * Format: int32
             * @description Days late (or, for an expiring certificate, left) from the part's date
             */
            days?: number;
            /**
             * Format: date
             * @description The part's date: the due date, expiry or latest event
             */
            since?: string | null;
        };
    };
    responses: {
        /** @description An RFC 9457 problem */
        Problem: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A dependency is down or the database is busy (code `retry`): try again after Retry-After seconds when it is given */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A conflict; when it is transient (another push of this device, a photo being verified or its bytes being removed) Retry-After says when to ask again */
        RetryableConflict: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Too many failed logins for this account or address; retry after Retry-After seconds */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfterRequired"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        ID: string;
        /** @description Opaque cursor from next_cursor */
        Cursor: string;
        Limit: number;
        /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
        IfMatch: string;
    };
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
        RetryAfter: number;
        /** @description Seconds to wait before retrying (RFC 9110 §10.2.3) */
        RetryAfterRequired: number;
        /** @description Bytes of the photo the server holds */
        UploadOffset: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tokens"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    refresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshRequest"];
            };
        };
        responses: {
            /** @description Tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tokens"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            401: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listJurisdictions: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Jurisdictions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JurisdictionList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    createJurisdiction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["JurisdictionInput"];
            };
        };
        responses: {
            /** @description Already created by this caller (a retry) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jurisdiction"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jurisdiction"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getJurisdiction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Jurisdiction */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jurisdiction"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    updateJurisdiction: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["JurisdictionPatch"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jurisdiction"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listOwners: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                jurisdiction_id?: string;
                /** @description Name contains (case-insensitive) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Owners */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    createOwner: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OwnerInput"];
            };
        };
        responses: {
            /** @description Already created by this caller (a retry) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Owner"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Owner"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Owner */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Owner"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    deleteOwner: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (tombstoned) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    updateOwner: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OwnerPatch"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Owner"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listVessels: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                jurisdiction_id?: string;
                owner_id?: string;
                kind?: components["schemas"]["VesselKind"];
                status?: components["schemas"]["VesselStatus"];
                special_category?: boolean;
                /** @description Name or registration number contains (case-insensitive) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Vessels */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VesselList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    createVessel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VesselInput"];
            };
        };
        responses: {
            /** @description Already created by this caller (a retry) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vessel"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vessel"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getVessel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Vessel */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vessel"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    deleteVessel: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (tombstoned) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    updateVessel: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VesselPatch"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vessel"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listVesselCrew: {
        parameters: {
            query?: {
                include_signed_off?: boolean;
            };
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Crew on board */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VesselCrewList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    addVesselCrew: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VesselCrewInput"];
            };
        };
        responses: {
            /** @description Already created by this caller (a retry) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VesselCrew"];
                };
            };
            /** @description Signed on */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VesselCrew"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    deleteVesselCrew: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (tombstoned) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    updateVesselCrew: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VesselCrewPatch"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VesselCrew"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listCrewMembers: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                jurisdiction_id?: string;
                /** @description Name or INDIVC number contains */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Crew members */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrewMemberList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    createCrewMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CrewMemberInput"];
            };
        };
        responses: {
            /** @description Already created by this caller (a retry) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrewMember"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrewMember"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getCrewMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Crew member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrewMember"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    deleteCrewMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (tombstoned) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    updateCrewMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CrewMemberPatch"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrewMember"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listCertificates: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                vessel_id?: string;
                crew_member_id?: string;
                kind?: components["schemas"]["CertificateKind"];
                /** @description Expiring on or before this date */
                expires_before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Certificates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CertificateList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    createCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CertificateInput"];
            };
        };
        responses: {
            /** @description Already created by this caller (a retry) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Certificate"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Certificate"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Certificate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Certificate"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    deleteCertificate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (tombstoned) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    updateCertificate: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CertificatePatch"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Certificate"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getRulesCatalogue: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags of copies the client holds */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue */
            200: {
                headers: {
                    /** @description Strong validator, a hash of the body */
                    ETag: string;
                    /** @description private, no-cache: revalidate with If-None-Match */
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RulesCatalogue"];
                };
            };
            /** @description Not modified; the client's copy is current */
            304: {
                headers: {
                    ETag: string;
                    "Cache-Control": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    evaluateRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EvaluateRequest"];
            };
        };
        responses: {
            /** @description The evaluation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Evaluation"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    quoteFee: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FeeQuoteRequest"];
            };
        };
        responses: {
            /** @description The quote */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeeQuote"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    checkManning: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ManningCheckRequest"];
            };
        };
        responses: {
            /** @description The manning check */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManningResult"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    computeCapacity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CapacityRequest"];
            };
        };
        responses: {
            /** @description The capacity */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CapacityResult"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    computeTonnage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TonnageRequest"];
            };
        };
        responses: {
            /** @description The gross tonnage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TonnageResult"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    computeFreeboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FreeboardRequest"];
            };
        };
        responses: {
            /** @description The required freeboard */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FreeboardResult"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getVesselCompliance: {
        parameters: {
            query?: {
                /** @description The date to judge on (default today) */
                on?: string;
            };
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The compliance */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VesselCompliance"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listVesselTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The templates that fit */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VesselTemplates"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getVesselQR: {
        parameters: {
            query?: {
                /** @description Width and height in pixels (default 512) */
                size?: number;
            };
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The QR code */
            200: {
                headers: {
                    /** @description The URL the code holds */
                    "X-Public-Url"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": Blob;
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    syncPull: {
        parameters: {
            query?: {
                /** @description The cursor of the previous page; absent for a first sync */
                cursor?: string;
                /** @description Change-log or snapshot rows to scan at most */
                limit?: number;
            };
            header?: {
                /** @description Sync protocol version the app speaks (default 1) */
                "X-Protocol-Version"?: number;
                /** @description The app version, semver (e.g. 1.4.2); below the minimum the pull answers 426 */
                "X-App-Version"?: string;
                /** @description gzip is honoured */
                "Accept-Encoding"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of changes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncPage"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            /** @description Code reset_required. Reason retention: the cursor is older than the change log keeps; push your queue, then pull without a cursor. Reason epoch_changed: the cursor was issued by another history of the database (restored from a backup); resend every mutation you kept, then pull without a cursor (docs/SYNC.md §6.10) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ResetRequiredProblem"];
                };
            };
            /** @description The app is older than the minimum this server serves (code upgrade_required); pushes are still accepted */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["UpgradeRequiredProblem"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    syncVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncVerifyRequest"];
            };
        };
        responses: {
            /** @description One result per id, in request order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncVerifyResult"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            /** @description Code reset_required, reason epoch_changed: the epoch sent is not the one the server serves (its database was restored from a backup); resend every mutation you kept and resync before trusting any verify answer (docs/SYNC.md §8) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ResetRequiredProblem"];
                };
            };
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    planPhotoUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PhotoPlanRequest"];
            };
        };
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhotoPlan"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["RetryableConflict"];
            413: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The photo */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Photo"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getPhotoUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan with its progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhotoPlan"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["RetryableConflict"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    completePhotoUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Verified */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhotoUploadResult"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["RetryableConflict"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    putPhotoContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": Blob;
            };
        };
        responses: {
            /** @description Verified */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhotoUploadResult"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["RetryableConflict"];
            413: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    patchPhotoContent: {
        parameters: {
            query?: never;
            header: {
                /** @description The byte of the photo the body starts at */
                "Upload-Offset": number;
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/offset+octet-stream": Blob;
            };
        };
        responses: {
            /** @description The last byte arrived and the photo is verified */
            200: {
                headers: {
                    "Upload-Offset": components["headers"]["UploadOffset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhotoUploadResult"];
                };
            };
            /** @description The bytes are kept; more are missing */
            204: {
                headers: {
                    "Upload-Offset": components["headers"]["UploadOffset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["RetryableConflict"];
            413: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listFlags: {
        parameters: {
            query?: {
                kind?: string;
                status?: "open" | "resolved";
                jurisdiction_id?: string;
                vessel_id?: string;
                /** @description Due on or after this date */
                due_from?: string;
                /** @description Due on or before this date */
                due_to?: string;
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of flags */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlagList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    resolveFlag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlagResolveInput"];
            };
        };
        responses: {
            /** @description The resolved flag */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Flag"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listMyNotifications: {
        parameters: {
            query?: {
                unread_only?: boolean;
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the feed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    markNotificationRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getOwnerCalendar: {
        parameters: {
            query: {
                token: string;
            };
            header?: {
                "If-None-Match"?: string;
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendar */
            200: {
                headers: {
                    /** @description Weak validator of the events */
                    ETag?: string;
                    /** @description private, no-cache: the URL holds the owner's token */
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar; charset=utf-8": string;
                };
            };
            /** @description Not modified: the events are those of the ETag sent in If-None-Match */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listCalendarTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarTokenList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    createCalendarToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarTokenCreated"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    revokeCalendarToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
                token_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listDevices: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                user_id?: string;
                /** @description Only devices that have not pushed since then, or whose oldest waiting mutation is older */
                stale_since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Devices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The jobs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobList"];
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    runJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["JobRunInput"];
            };
        };
        responses: {
            /** @description The run started */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRun"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    syncPush: {
        parameters: {
            query?: never;
            header: {
                /** @description The device id issued at login; must match the access token */
                "X-Device-Id": string;
                /** @description Sync protocol version (default 1) */
                "X-Protocol-Version"?: number;
                /** @description The app version, semver */
                "X-App-Version"?: string;
                /** @description The phone's clock when it sent the push (RFC 3339), to measure its skew */
                "X-Device-Time"?: string;
                /** @description gzip or identity */
                "Content-Encoding"?: "gzip" | "identity";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushRequest"];
            };
        };
        responses: {
            /** @description One result per mutation, in request order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushResponse"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["RetryableConflict"];
            /** @description Code reset_required, reason epoch_changed: the epoch sent with ack_seq is not the one the server serves (its database was restored from a backup); nothing was applied. Resend every mutation you kept with the epoch of this problem, then pull without a cursor (docs/SYNC.md §6.10) */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["ResetRequiredProblem"];
                };
            };
            413: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listSyncBacklog: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                /** @description Only mutations first deferred more than this many days ago (default 7; 0 for all) */
                older_than?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deferred mutations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacklogList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    decideSyncBacklog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mutation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BacklogDecisionRequest"];
            };
        };
        responses: {
            /** @description The mutation's final result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BacklogDecision"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listInspections: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                jurisdiction_id?: string;
                vessel_id?: string;
                status?: components["schemas"]["InspectionStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Inspections */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InspectionList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getInspection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inspection */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InspectionDetail"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    reviewInspection: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewRequest"];
            };
        };
        responses: {
            /** @description The inspection after the decision */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InspectionDetail"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getDetentionProposal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proposal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetentionProposalView"];
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    confirmDetention: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DetentionRequest"];
            };
        };
        responses: {
            /** @description The order */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetentionOrder"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listDetentionOrders: {
        parameters: {
            query?: {
                vessel_id?: string;
                status?: "in_force" | "released";
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The orders */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetentionOrderList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getDetentionOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetentionOrder"];
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    releaseDetentionOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReleaseRequest"];
            };
        };
        responses: {
            /** @description The released order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DetentionOrder"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getDetentionOrderPdf: {
        parameters: {
            query?: {
                doc?: "detention" | "release";
                /** @description The second language of the paper. Default: the owner's preferred language; en prints English alone */
                lang?: "en" | "hi" | "kn";
            };
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getDetentionOrderHtml: {
        parameters: {
            query?: {
                doc?: "detention" | "release";
                /** @description Default: the owner's preferred language */
                lang?: "en" | "hi" | "kn";
            };
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    verifyDocument: {
        parameters: {
            query?: {
                /** @description json: JSON whatever Accept says */
                format?: "json";
            };
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the document is and whether it stands */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentVerification"];
                    "text/html": string;
                };
            };
            400: components["responses"]["Problem"];
            /** @description No document carries the code */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            /** @description Too many verifications from this address; try again after Retry-After seconds */
            429: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "text/html": string;
                };
            };
            default: components["responses"]["Problem"];
        };
    };
    listReviews: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                jurisdiction_id?: string;
                /** @description clean: no open finding; deficiencies: open findings, no detention; detention: detention proposed */
                outcome?: "clean" | "deficiencies" | "detention";
                detention_proposed?: boolean;
                evidence_incomplete?: boolean;
                /** @description Open conflicts or amendment requests */
                open_issues?: boolean;
                changed_after_submission?: boolean;
                /** @description A finding past its due date unrectified */
                overdue?: boolean;
                /** @description Days since submission at least */
                min_age_days?: number;
                /** @description Days since submission at most */
                max_age_days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the queue */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewQueue"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    attachFindingPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FindingPhotoRequest"];
            };
        };
        responses: {
            /** @description The photo is recorded; upload it next */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FindingPhoto"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    submitRectification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RectificationRequest"];
            };
        };
        responses: {
            /** @description The pending rectification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rectification"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listRectifications: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                status?: "pending" | "accepted" | "rejected";
                finding_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rectifications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RectificationList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    decideRectification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RectificationDecision"];
            };
        };
        responses: {
            /** @description The decided rectification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rectification"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listConflicts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                /** @description Only unresolved ones (default true) */
                open?: boolean;
                inspection_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Conflicts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConflictList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    resolveConflict: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConflictResolution"];
            };
        };
        responses: {
            /** @description The resolved conflict */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conflict"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listQuarantine: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                state?: "pending" | "reapplied" | "discarded";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Quarantined mutations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuarantineList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    decideQuarantine: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuarantineDecision"];
            };
        };
        responses: {
            /** @description The decided entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuarantineEntry"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listVesselObservations: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                status?: "proposed" | "accepted" | "rejected";
                vessel_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Observations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VesselObservationList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    decideVesselObservation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DecisionRequest"];
            };
        };
        responses: {
            /** @description The decided observation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VesselObservation"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listAmendmentRequests: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                status?: "open" | "accepted" | "rejected";
                inspection_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Amendment requests */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AmendmentRequestList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    decideAmendmentRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DecisionRequest"];
            };
        };
        responses: {
            /** @description The decided request */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AmendmentRequest"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listPenaltyNotices: {
        parameters: {
            query?: {
                inspection_id?: string;
                vessel_id?: string;
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Notices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["PenaltyNotice"][];
                        /** @description Pass as `cursor` for the next page; null on the last */
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getPenaltyNotice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PenaltyNotice"];
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getPenaltyNoticeHtml: {
        parameters: {
            query?: {
                lang?: "en" | "kn" | "hi";
            };
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notice as an HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getPenaltyNoticePdf: {
        parameters: {
            query?: {
                /** @description The second language of the paper. Default: the owner's preferred language; en prints English alone */
                lang?: "en" | "kn" | "hi";
            };
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    recordPenaltyPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    penalty_id: string;
                    /** Format: int64 */
                    amount: number;
                    /** Format: date */
                    paid_on: string;
                    receipt_number: string;
                };
            };
        };
        responses: {
            /** @description The payment already recorded with this receipt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PenaltyPayment"];
                };
            };
            /** @description The payment */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PenaltyPayment"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    decidePenaltyRise: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "confirm" | "reject";
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The decided adjustment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        penalty_id: string;
                        /** Format: uuid */
                        offence_id: string;
                        /**
                         * Format: int64
                         * @description Rupees
                         */
                        old_amount: number;
                        /**
                         * Format: int64
                         * @description Rupees
                         */
                        new_amount: number;
                        /** @enum {string} */
                        state: "applied" | "proposed" | "confirmed" | "declined";
                        reason: string;
                        /** Format: int64 */
                        version: number;
                    };
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    filePenaltyAppeal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    penalty_id: string;
                    grounds: string;
                    photo_ids?: string[];
                };
            };
        };
        responses: {
            /** @description The appeal, pending a decision */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PenaltyAppeal"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    decidePenaltyAppeal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "upheld" | "dismissed";
                    reason: string;
                };
            };
        };
        responses: {
            /** @description The decided appeal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PenaltyAppeal"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    requestOneTimeSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OneTimeSignInRequest"];
            };
        };
        responses: {
            /** @description Mailed if the email has an account */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneTimeSignInAccepted"];
                };
            };
            400: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Problem"];
        };
    };
    signInOneTime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OneTimeSessionRequest"];
            };
        };
        responses: {
            /** @description Tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tokens"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Problem"];
        };
    };
    requestSmsSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmsSignInRequest"];
            };
        };
        responses: {
            /** @description Sent if the number is an owner's */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneTimeSignInAccepted"];
                };
            };
            400: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Problem"];
        };
    };
    resendOwnerSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mailed */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OneTimeSignInAccepted"];
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["Problem"];
        };
    };
    getPenaltyNoticeUpi: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpiPaymentRequest"];
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getPenaltyNoticeUpiQr: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A PNG QR code of the upi://pay link */
            200: {
                headers: {
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": Blob;
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    importBankStatement: {
        parameters: {
            query: {
                jurisdiction_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
            };
        };
        responses: {
            /** @description What the import did */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementImport"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            413: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listBankCredits: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                state?: "recorded" | "queued" | "applied" | "dismissed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Credits */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankCreditList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    resolveBankCredit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BankCreditDecision"];
            };
        };
        responses: {
            /** @description The credit */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankCredit"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getOwnerSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerSettings"];
                };
            };
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    updateOwnerSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OwnerSettingsPatch"];
            };
        };
        responses: {
            /** @description Settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerSettings"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
                role?: components["schemas"]["Role"];
                /** @description Text found in the name or the email (case-insensitive) */
                q?: string;
                /** @description true: deactivated users only; false: active users only */
                disabled?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description The row version you based the change on, e.g. "3" (ETag form accepted) */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserPatch"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            412: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            428: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    deactivateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deactivated user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    reactivateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reactivated user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listUserAssignments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Assignments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssignmentList"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    createUserAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AssignmentInput"];
            };
        };
        responses: {
            /** @description The same assignment already existed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Assignment"];
                };
            };
            /** @description Assigned */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Assignment"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    endUserAssignment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
                assignment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AssignmentEnd"];
            };
        };
        responses: {
            /** @description The ended assignment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Assignment"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link was mailed (or is on its way) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetRequest"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    inviteOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["ID"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invitation */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerInvitation"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            404: components["responses"]["Problem"];
            409: components["responses"]["Problem"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    completePasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetCompletion"];
            };
        };
        responses: {
            /** @description The password is set */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            415: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["Problem"];
        };
    };
    listInspectionPlan: {
        parameters: {
            query?: {
                /** @description Only this jurisdiction's vessels */
                jurisdiction_id?: string;
                /** @description Opaque cursor from next_cursor */
                cursor?: components["parameters"]["Cursor"];
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ranked vessels */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InspectionPlan"];
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            422: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
    getReportChart: {
        parameters: {
            query?: {
                /** @description Calendar months ending with this one */
                months?: number;
                /** @description Only this jurisdiction */
                jurisdiction_id?: string;
                /** @description Default: the caller's language */
                lang?: "en" | "kn" | "hi";
            };
            header?: never;
            path: {
                chart: "deficiencies" | "inspections" | "fines" | "overdue";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The chart */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                };
            };
            400: components["responses"]["Problem"];
            401: components["responses"]["Problem"];
            403: components["responses"]["Problem"];
            default: components["responses"]["Problem"];
        };
    };
}
