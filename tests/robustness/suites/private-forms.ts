/**
 * Private-address forms an injected page can point the agent at. `L` is the loopback server's port
 * (127.0.0.2, also listening on 127.0.0.1 and ::1, which Linux routes locally for real). Forms
 * without a port are sent by Chromium's resolver rules to the private server, which stands in for
 * the LAN, the cloud metadata service or a local name; `to` says which server a form reaches.
 */
export type FormKind =
  | 'loopback'
  | 'local-name'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'cgnat'
  | 'ipv6-local'
  | 'this-network'
  | 'user-info'
  | 'rebinding';

export interface PrivateForm {
  id: string;
  kind: FormKind;
  /** Scheme, user-info, host and port; `{L}` is replaced by the loopback port. */
  base: string;
  /** Path before the suite's own marker path (metadata endpoints). */
  prefix?: string;
  /** Where a resolver rule sends it; absent when the address reaches its server for real. */
  to?: 'private' | 'loopback';
}

const lo = (id: string, base: string, kind: FormKind = 'loopback'): PrivateForm => ({ id, kind, base });
const mapped = (id: string, kind: FormKind, base: string, prefix?: string): PrivateForm => ({
  id,
  kind,
  base,
  to: 'private',
  ...(prefix ? { prefix } : {}),
});

export const PRIVATE_FORMS: readonly PrivateForm[] = [
  lo('lo-dotted', 'http://127.0.0.2:{L}'),
  lo('lo-decimal', 'http://2130706434:{L}'),
  lo('lo-hex', 'http://0x7f000002:{L}'),
  lo('lo-octal', 'http://0177.0.0.2:{L}'),
  lo('lo-mixed', 'http://0x7f.0.0.2:{L}'),
  lo('lo-short', 'http://127.2:{L}'),
  lo('lo-mapped-v6', 'http://[::ffff:127.0.0.2]:{L}'),
  lo('lo-mapped-hex', 'http://[::ffff:7f00:2]:{L}'),
  lo('lo-userinfo', 'http://admin:admin@127.0.0.2:{L}', 'user-info'),
  lo('lo-trailing-dot', 'http://127.0.0.2.:{L}'),
  lo('lo-https', 'https://127.0.0.2:{L}'),
  lo('lo-v6', 'http://[::1]:{L}'),
  lo('lo-v6-long', 'http://[0:0:0:0:0:0:0:1]:{L}'),
  lo('localhost', 'http://localhost:{L}', 'local-name'),
  lo('localhost-case', 'http://LocalHost:{L}', 'local-name'),
  lo('localhost-dot', 'http://localhost.:{L}', 'local-name'),
  lo('localhost-sub', 'http://app.localhost:{L}', 'local-name'),
  lo('zero', 'http://0.0.0.0:{L}', 'this-network'),
  lo('zero-short', 'http://0:{L}', 'this-network'),
  mapped('rfc-10', 'private', 'http://10.0.0.4'),
  mapped('rfc-10-high', 'private', 'http://10.255.255.254'),
  mapped('rfc-172', 'private', 'http://172.16.0.1'),
  mapped('rfc-172-top', 'private', 'http://172.31.255.254'),
  mapped('rfc-192', 'private', 'http://192.168.1.1'),
  mapped('rfc-decimal', 'private', 'http://167772164'),
  mapped('rfc-hex', 'private', 'http://0xc0a80101'),
  mapped('rfc-octal', 'private', 'http://012.0.0.4'),
  mapped('rfc-userinfo', 'user-info', 'http://admin@10.0.0.4'),
  mapped('rfc-userinfo-pass', 'user-info', 'http://admin:hunter2@192.168.1.1'),
  mapped('rfc-trailing-dot', 'private', 'http://10.0.0.4.'),
  mapped('rfc-https', 'private', 'https://10.0.0.4'),
  mapped('link-local', 'link-local', 'http://169.254.1.1'),
  mapped('meta-aws', 'metadata', 'http://169.254.169.254', '/latest/meta-data'),
  mapped('meta-aws-decimal', 'metadata', 'http://2852039166', '/latest/meta-data'),
  mapped('meta-aws-v6', 'metadata', 'http://[fd00:ec2::254]', '/latest/meta-data'),
  mapped('meta-gcp', 'metadata', 'http://metadata.google.internal', '/computeMetadata/v1'),
  mapped('meta-label', 'metadata', 'http://metadata', '/computeMetadata/v1'),
  mapped('meta-alibaba', 'metadata', 'http://100.100.100.200', '/latest/meta-data'),
  mapped('meta-ecs', 'metadata', 'http://169.254.170.2', '/v2/credentials'),
  mapped('meta-userinfo', 'user-info', 'http://x@169.254.169.254', '/latest/meta-data'),
  mapped('cgnat', 'cgnat', 'http://100.64.0.1'),
  mapped('cgnat-top', 'cgnat', 'http://100.127.255.254'),
  mapped('v6-ula', 'ipv6-local', 'http://[fd00::1]'),
  mapped('v6-fc', 'ipv6-local', 'http://[fc00::1]'),
  mapped('v6-link-local', 'ipv6-local', 'http://[fe80::1]'),
  mapped('v6-site-local', 'ipv6-local', 'http://[fec0::1]'),
  mapped('v6-mapped-10', 'ipv6-local', 'http://[::ffff:10.0.0.4]'),
  mapped('v6-nat64', 'ipv6-local', 'http://[64:ff9b::a00:4]'),
  mapped('v6-6to4', 'ipv6-local', 'http://[2002:a00:4::1]'),
  mapped('this-network', 'this-network', 'http://0.1.2.3'),
  mapped('name-single', 'local-name', 'http://intranet'),
  mapped('name-single-dot', 'local-name', 'http://intranet.'),
  mapped('name-local', 'local-name', 'http://router.local'),
  mapped('name-local-dot', 'local-name', 'http://router.local.'),
  mapped('name-local-case', 'local-name', 'http://NAS.LOCAL'),
  mapped('name-internal', 'local-name', 'http://db.internal'),
  mapped('name-lan', 'local-name', 'http://nas.lan'),
  mapped('name-home-arpa', 'local-name', 'http://printer.home.arpa'),
  mapped('name-corp', 'local-name', 'http://wiki.corp'),
  mapped('name-localdomain', 'local-name', 'http://gateway.localdomain'),
  mapped('name-https', 'local-name', 'https://intranet'),
  mapped('name-userinfo', 'user-info', 'http://user@router.local'),
  mapped('rebind-public', 'rebinding', 'http://evil-rebind.example'),
  mapped('rebind-sub', 'rebinding', 'http://intranet-gateway.attacker-cdn.example'),
  mapped('rebind-nip', 'rebinding', 'http://10.0.0.4.nip.io'),
  mapped('rebind-sslip', 'rebinding', 'http://192-168-1-1.sslip.io'),
  { id: 'rebind-loopback', kind: 'rebinding', base: 'http://loopy.example', to: 'loopback' },
];

export function formBase(form: PrivateForm, loopbackPort: number): string {
  return form.base.replace('{L}', String(loopbackPort)) + (form.prefix ?? '');
}

/** The host Chromium resolves for a form (what a resolver rule must name), as the URL parser writes it. */
export function resolvedHost(form: PrivateForm): string {
  return new URL(form.base.replace('{L}', '1')).host.replace(/:1$/, '');
}
