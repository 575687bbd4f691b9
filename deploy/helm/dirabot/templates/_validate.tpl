{{/* Combinations the schema cannot express; `helm install` stops with the message. */}}
{{- define "dirabot.validate" -}}
{{- $yad2 := index .Values.services "scraper-yad2" -}}
{{- if and (eq .Values.config.scraperMode "browser") $yad2.enabled (not $yad2.browser) -}}
{{- fail "config.scraperMode=browser needs services.scraper-yad2.browser=true (the image with Chromium)" -}}
{{- end -}}
{{- if and .Values.ingress.enabled (not .Values.gateway.enabled) -}}
{{- fail "ingress.enabled needs gateway.enabled" -}}
{{- end -}}
{{- end -}}
