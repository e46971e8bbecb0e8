"""Checks a Campsite webhook message (Standard Webhooks 1.0) with Python's standard library alone.

The same checks, in the same order and with the same reasons, as `verifyWebhook` of @campsite/client. Pass the
body exactly as received, as bytes: Flask's `request.get_data()`, Django's `request.body`, never JSON that was
parsed and dumped again.

    try:
        message = verify_webhook(raw_body, request.headers, ["whsec_..."])
    except WebhookVerificationError as error:
        status = 400 if error.reason == "invalid_body" else 401
"""

import base64
import binascii
import hashlib
import hmac
import json
import re
import time

TOLERANCE_SECONDS = 5 * 60
SECRET_PREFIX = "whsec_"
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")
_SECONDS = re.compile(r"[0-9]{1,15}")


class WebhookVerificationError(Exception):
    """Why a message was refused: `reason` is missing_headers, invalid_timestamp, timestamp_too_old,
    timestamp_too_new, invalid_signature, invalid_body or invalid_secret."""

    def __init__(self, reason, message):
        super().__init__(message)
        self.reason = reason


def verify_webhook(raw_body, headers, secrets, tolerance_seconds=TOLERANCE_SECONDS, now=None):
    """The parsed message, once one of its signatures matches one of `secrets` (a `whsec_...` string, or a list
    of them while you switch to a new one) and its timestamp is within `tolerance_seconds` of `now` (seconds
    since the epoch; default: this machine's clock). `headers`: any mapping, names in any case."""
    found = {name.lower(): value for name, value in headers.items()}
    msg_id = found.get("webhook-id")
    timestamp = found.get("webhook-timestamp")
    signatures = found.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing_headers", "webhook-id, webhook-timestamp and webhook-signature are required")
    _check_timestamp(timestamp, tolerance_seconds, time.time() if now is None else now)

    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    signed = f"{msg_id}.{timestamp}.".encode("utf-8") + body
    # During a rotation the header holds one signature per secret, separated by spaces.
    offered = [_from_base64(entry[3:]) for entry in signatures.split(" ") if entry.startswith("v1,")]
    keys = [secrets] if isinstance(secrets, str) else list(secrets)
    if not keys:
        raise WebhookVerificationError("invalid_secret", "no signing secret given")
    matched = False
    for key in keys:
        expected = hmac.new(_secret_bytes(key), signed, hashlib.sha256).digest()
        # Constant time, and every pair compared: the time taken says nothing of which one (if any) matched.
        for candidate in offered:
            matched = hmac.compare_digest(candidate or b"", expected) or matched
    if not matched:
        raise WebhookVerificationError("invalid_signature", "no signature matches the secret")
    return _parse_message(body)


def _check_timestamp(value, tolerance_seconds, now):
    if not _SECONDS.fullmatch(value):
        raise WebhookVerificationError("invalid_timestamp", "webhook-timestamp is not in seconds")
    sent, now = int(value), int(now)
    if now - sent > tolerance_seconds:
        raise WebhookVerificationError("timestamp_too_old", "webhook-timestamp is too old")
    if sent - now > tolerance_seconds:
        raise WebhookVerificationError("timestamp_too_new", "webhook-timestamp is in the future")


def _secret_bytes(secret):
    key = _from_base64(secret[len(SECRET_PREFIX) :] if secret.startswith(SECRET_PREFIX) else secret)
    if not key:
        raise WebhookVerificationError("invalid_secret", "a signing secret is whsec_ followed by base64")
    return key


def _from_base64(text):
    # Padding may be left out, but when it is there the text is whole groups of four, as for JavaScript's atob.
    if not _BASE64.fullmatch(text) or ("=" in text and len(text) % 4):
        return None
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except binascii.Error:
        return None


def _parse_message(body):
    try:
        message = json.loads(body)
    except ValueError:
        raise WebhookVerificationError("invalid_body", "the body is not JSON") from None
    data = message.get("data") if isinstance(message, dict) else None
    envelope = isinstance(data, dict) and isinstance(message.get("type"), str)
    # A `changes` message must carry what the chain needs; other types (ping, or later ones) only the envelope.
    chain = not envelope or message["type"] != "changes" or (
        isinstance(data.get("previous"), str)
        and isinstance(data.get("cursor"), str)
        and isinstance(data.get("results"), list)
    )
    if not envelope or not chain:
        raise WebhookVerificationError("invalid_body", "the body is not a webhook message")
    return message
