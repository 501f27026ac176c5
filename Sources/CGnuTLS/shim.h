#ifndef WEIBO_NOTIFIER_CGNUTLS_SHIM_H
#define WEIBO_NOTIFIER_CGNUTLS_SHIM_H

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/crypto.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>

/// Writes `data` to `path` with `mode`; 0, or -1 with errno set.
static inline int CGnuTLS_write(const char *path, const gnutls_datum_t *data, mode_t mode) {
    FILE *file = fopen(path, "wx");
    if (!file) return -1;
    chmod(path, mode);
    size_t written = fwrite(data->data, 1, data->size, file);
    int closed = fclose(file);
    return written == data->size && closed == 0 ? 0 : -1;
}

/// A self-signed certificate for 127.0.0.1 and localhost, valid for a week, with a fresh P-256
/// key: the sandbox's HTTPS. The certificate is its own CA (a client trusts it as one); the key
/// is written readable by the owner only. Returns 0, a GnuTLS error (negative), or 1 when a
/// file could not be written (errno says why).
static inline int CGnuTLS_make_self_signed(const char *certificate_path, const char *key_path) {
    gnutls_x509_privkey_t key = NULL;
    gnutls_x509_crt_t certificate = NULL;
    gnutls_datum_t pem = { NULL, 0 };
    int result = gnutls_x509_privkey_init(&key);
    if (result < 0) goto done;
    result = gnutls_x509_privkey_generate(key, GNUTLS_PK_ECDSA, GNUTLS_CURVE_TO_BITS(GNUTLS_ECC_CURVE_SECP256R1), 0);
    if (result < 0) goto done;
    result = gnutls_x509_crt_init(&certificate);
    if (result < 0) goto done;
    unsigned char serial[16];
    result = gnutls_rnd(GNUTLS_RND_NONCE, serial, sizeof serial);
    if (result < 0) goto done;
    serial[0] &= 0x7f;
    time_t now = time(NULL);
    static const char name[] = "Weibo Notifier sandbox";
    static const unsigned char loopback[4] = { 127, 0, 0, 1 };
    if ((result = gnutls_x509_crt_set_version(certificate, 3)) < 0
        || (result = gnutls_x509_crt_set_serial(certificate, serial, sizeof serial)) < 0
        || (result = gnutls_x509_crt_set_activation_time(certificate, now - 3600)) < 0
        || (result = gnutls_x509_crt_set_expiration_time(certificate, now + 7 * 86400)) < 0
        || (result = gnutls_x509_crt_set_dn_by_oid(certificate, GNUTLS_OID_X520_COMMON_NAME, 0, name, sizeof name - 1)) < 0
        || (result = gnutls_x509_crt_set_key(certificate, key)) < 0
        || (result = gnutls_x509_crt_set_subject_alt_name(certificate, GNUTLS_SAN_DNSNAME, "localhost", 9, GNUTLS_FSAN_APPEND)) < 0
        || (result = gnutls_x509_crt_set_subject_alt_name(certificate, GNUTLS_SAN_IPADDRESS, loopback, 4, GNUTLS_FSAN_APPEND)) < 0
        || (result = gnutls_x509_crt_set_basic_constraints(certificate, 1, 0)) < 0
        || (result = gnutls_x509_crt_set_key_usage(certificate, GNUTLS_KEY_DIGITAL_SIGNATURE | GNUTLS_KEY_KEY_CERT_SIGN)) < 0
        || (result = gnutls_x509_crt_set_key_purpose_oid(certificate, GNUTLS_KP_TLS_WWW_SERVER, 0)) < 0
        || (result = gnutls_x509_crt_sign2(certificate, certificate, key, GNUTLS_DIG_SHA256, 0)) < 0)
        goto done;
    if ((result = gnutls_x509_crt_export2(certificate, GNUTLS_X509_FMT_PEM, &pem)) < 0) goto done;
    if (CGnuTLS_write(certificate_path, &pem, 0644) != 0) { result = 1; goto done; }
    gnutls_free(pem.data);
    pem.data = NULL;
    if ((result = gnutls_x509_privkey_export2(key, GNUTLS_X509_FMT_PEM, &pem)) < 0) goto done;
    result = CGnuTLS_write(key_path, &pem, 0600) == 0 ? 0 : 1;
done:
    if (pem.data) gnutls_free(pem.data);
    if (certificate) gnutls_x509_crt_deinit(certificate);
    if (key) gnutls_x509_privkey_deinit(key);
    return result;
}

#endif
