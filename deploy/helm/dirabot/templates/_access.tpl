{{/*
Least privilege (README "Least privilege"): each component's own PostgreSQL role and NATS user.
The keys of the access Secret, per component: DATABASE_URL_<NAME> (services only),
NATS_URL_<NAME> and NATS_PASSWORD_<NAME> (the NATS server reads the passwords from its
environment: files/nats-authorization.conf, generated with the event catalogue).
*/}}

{{- define "dirabot.accessSecretName" -}}
{{- default (printf "%s-access" (include "dirabot.fullname" .)) .Values.access.existingSecret -}}
{{- end -}}

{{/* DATABASE_URL_SCRAPER_FACEBOOK and the like: dict kind, name. */}}
{{- define "dirabot.accessKey" -}}
{{- printf "%s_%s" .kind (upper .name | replace "-" "_") -}}
{{- end -}}

{{/* The components that hold credentials: the enabled services, and the gateway (NATS only). */}}
{{- define "dirabot.accessComponents" -}}
{{- $names := list -}}
{{- range $name, $cfg := .Values.services }}{{ if $cfg.enabled }}{{ $names = append $names $name }}{{ end }}{{ end -}}
{{- if .Values.gateway.enabled }}{{ $names = append $names "gateway" }}{{ end -}}
{{- toJson $names -}}
{{- end -}}

{{/*
A password kept in the access Secret, else a new one: dict root, key. A letter first: nats-server
parses the NATS passwords it reads from its environment as values (digits may read as a number).
*/}}
{{- define "dirabot.accessPassword" -}}
{{- $existing := lookup "v1" "Secret" .root.Release.Namespace (include "dirabot.accessSecretName" .root) -}}
{{- if and $existing $existing.data (hasKey $existing.data .key) -}}
{{- index $existing.data .key | b64dec -}}
{{- else -}}
{{- printf "p%s" (randAlphaNum 40) -}}
{{- end -}}
{{- end -}}

{{/* `url` (the release's database or NATS URL) with another user and password: dict url, user, password. */}}
{{- define "dirabot.urlAs" -}}
{{- $u := urlParse .url -}}
{{- urlJoin (dict "scheme" $u.scheme "host" $u.host "path" $u.path "query" $u.query "userinfo" (printf "%s:%s" .user .password)) -}}
{{- end -}}

{{/* DATABASE_URL and NATS_URL of one component from the access Secret: dict root, name. */}}
{{- define "dirabot.accessEnv" -}}
{{- if ne .name "gateway" }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "dirabot.accessSecretName" .root }}
      key: {{ include "dirabot.accessKey" (dict "kind" "DATABASE_URL" "name" .name) }}
{{- end }}
- name: NATS_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "dirabot.accessSecretName" .root }}
      key: {{ include "dirabot.accessKey" (dict "kind" "NATS_URL" "name" .name) }}
{{- end -}}
