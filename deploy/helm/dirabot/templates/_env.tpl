{{/*
The container environment of one component: dict root, name, port, cfg.
Shared non-secret settings come from the ConfigMap (envFrom); this adds what differs per
process: which service it runs, its port, where every *other* service is, the connection
URLs, the secrets this process is listed for in secretConsumers, and its own env.
*/}}
{{- define "dirabot.env" -}}
{{- $root := .root -}}
- name: SERVICES
  value: {{ .name | quote }}
- name: PORT
  value: {{ .port | quote }}
- name: HOME
  value: /tmp
{{- range $other, $otherCfg := $root.Values.services }}
{{- if and $otherCfg.enabled (ne $other $.name) }}
- name: {{ printf "%s_SERVICE_URL" (upper $other | replace "-" "_") }}
  value: {{ printf "http://%s:8080" (include "dirabot.componentName" (dict "root" $root "name" $other)) | quote }}
{{- end }}
{{- end }}
{{ include "dirabot.connectionRef" (dict "root" $root "var" "DATABASE_URL" "ext" $root.Values.externalDatabase "bundled" $root.Values.postgresql.enabled) }}
{{ include "dirabot.connectionRef" (dict "root" $root "var" "NATS_URL" "ext" $root.Values.externalNats "bundled" $root.Values.nats.enabled) }}
{{ include "dirabot.connectionRef" (dict "root" $root "var" "REDIS_URL" "ext" $root.Values.externalRedis "bundled" $root.Values.redis.enabled) }}
{{- $existing := $root.Values.secrets.existingSecret }}
{{- range $key, $consumers := $root.Values.secretConsumers }}
{{- if and (has $.name $consumers) (or $existing (index $root.Values.secrets.env $key) (eq $key "JWT_SECRET")) }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ include "dirabot.appSecretName" $root }}
      key: {{ $key }}
      {{- if and $existing (ne $key "JWT_SECRET") }}
      optional: true
      {{- end }}
{{- end }}
{{- end }}
{{- if .cfg.browser }}
- name: CHROME_PATH
  value: {{ $root.Values.config.chromePath | quote }}
{{- end }}
{{- if and (eq .name "scraper-facebook") (include "dirabot.hasFacebookCookies" $root) }}
- name: FACEBOOK_COOKIES_FILE
  value: /etc/dirabot/facebook/cookies.json
{{- end }}
{{- range $key, $value := .cfg.env }}
- name: {{ $key }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}
