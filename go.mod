module github.com/tindal/tindal

go 1.26.8
